import FolioCore
import Foundation

/// Where an input capture started with R is written when `--capture` names no file: the
/// videos folder of the XDG user directories, in a `Folio` folder of its own
/// (`$XDG_VIDEOS_DIR/Folio`, the variable from the environment or from
/// `$XDG_CONFIG_HOME/user-dirs.dirs`), else `~/Videos/Folio`, else the current folder.
public enum CaptureFolder {
    /// Largest user-dirs.dirs read, bytes (the file holds eight short lines).
    static let maxUserDirsBytes = 64 << 10

    /// The folder for `environment` (nil: the current folder). Nothing is made.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let absolute = UserFolders.absolute
        let home = absolute(environment["HOME"])
        let config = absolute(environment["XDG_CONFIG_HOME"]) ?? home.map { ($0 as NSString).appendingPathComponent(".config") }
        let videos = absolute(environment["XDG_VIDEOS_DIR"])
            ?? config.flatMap { userDirsVideos(at: ($0 as NSString).appendingPathComponent("user-dirs.dirs"), home: home) }
            ?? home.map { ($0 as NSString).appendingPathComponent("Videos") }
        return videos.map { ($0 as NSString).appendingPathComponent("Folio") }
    }

    /// The folder for `environment`, made if missing (its parent too); the current folder
    /// when there is none or it cannot be made. The `Folio` folder is opened below the
    /// videos folder as a real folder (`WriteFolder`): a symbolic link there is refused,
    /// said in one sentence to `warn`, and the current folder used instead.
    public static func prepared(environment: [String: String] = ProcessInfo.processInfo.environment,
                                warn: (String) -> Void = Console.warning) -> String {
        guard let folder = standard(environment: environment) else { return "." }
        var info = stat()
        let isLink = lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        do {
            _ = try WriteFolder.open([(folder as NSString).lastPathComponent], below: SafeFile.folder(of: folder))
            return folder
        } catch let error as FolioError {
            if isLink { warn("\(error.message.dropLast()); the capture is written in the current folder instead.") }
            return "."
        } catch {
            return "."
        }
    }

    /// `XDG_VIDEOS_DIR` as a user-dirs.dirs file sets it: `XDG_VIDEOS_DIR="$HOME/Videos"` or an
    /// absolute path; nil when the file is missing, too large or does not set it so.
    static func userDirsVideos(at path: String, home: String?) -> String? {
        guard let data = try? SafeFile.read(path, limit: maxUserDirsBytes) else { return nil }
        return userDirsVideos(in: String(decoding: data, as: UTF8.self), home: home)
    }

    /// `userDirsVideos(at:home:)` for the file's text.
    static func userDirsVideos(in text: String, home: String?) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_VIDEOS_DIR=") else { continue }
            var value = String(trimmed.dropFirst("XDG_VIDEOS_DIR=".count))
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return nil }
            value = String(value.dropFirst().dropLast())
            if value.hasPrefix("$HOME/") || value == "$HOME" {
                guard let home else { return nil }
                value = home + value.dropFirst("$HOME".count)
            }
            guard !value.contains("\\") else { return nil }
            return UserFolders.absolute(value)
        }
        return nil
    }

    /// A capture's file name for the local time `date`: `folio-capture-2026-11-24-153012.json`.
    public static func fileName(at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "folio-capture-\(formatter.string(from: date)).json"
    }

    /// `path` as a person reads it: the home folder as `~`.
    public static func shown(_ path: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        guard let home, home.hasPrefix("/"), home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
