import FolioCore
import Foundation

/// Where the settings file is and how it is read: `$XDG_CONFIG_HOME/folio/settings.conf`,
/// else `~/.config/folio/settings.conf`. Folio only reads it.
public struct SettingsFile: Sendable {
    public let path: String
    public static let fileName = "settings.conf"

    public init(path: String) {
        self.path = path
    }

    /// The file for this user, or nil when neither XDG_CONFIG_HOME nor a home folder is known.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsFile? {
        guard let config = UserFolders.base("XDG_CONFIG_HOME", fallback: ".config", environment: environment) else { return nil }
        return SettingsFile(path: ((config as NSString).appendingPathComponent("folio") as NSString).appendingPathComponent(fileName))
    }

    /// The settings in the file: the defaults when there is none; when it cannot be read or
    /// holds lines Folio cannot use, what it can use and one warning sentence naming it.
    public func load() -> (settings: Settings, warning: String?) {
        do {
            guard let data = try SafeFile.readKept(path, limit: Settings.maxBytes, kind: "a settings file") else {
                return (Settings(), nil)
            }
            return Settings.parse(data, name: path)
        } catch let error as FolioError {
            let sentence = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            return (Settings(), "\(sentence); the defaults are used.")
        } catch {
            return (Settings(), "\(path): cannot be read; the defaults are used.")
        }
    }
}
