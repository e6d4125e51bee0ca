import FolioCore
import Foundation

/// Where Folio's bundled files (the library, Books.plist, and the fonts, Fonts/) may be, in
/// the one order every lookup uses: $FOLIO_ASSETS; then, from the executable's folder up to
/// six levels above it, an installed ../share/folio (as `make install` lays it out) and an
/// Assets folder (a build inside the repository); then the working directory's Assets.
public enum AssetFolders {
    /// The candidate folders, most wanted first (the executable as /proc names it, links
    /// resolved: argv[0] is only a name when folio is found through PATH).
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: String = executablePath(),
                                  workingDirectory: String = FileManager.default.currentDirectoryPath) -> [String] {
        var out: [String] = []
        if let env = environment["FOLIO_ASSETS"], !env.isEmpty { out.append(env) }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            out.append(dir.appendingPathComponent("../share/folio").standardizedFileURL.path)
            out.append(dir.appendingPathComponent("Assets").path)
            dir.deleteLastPathComponent()
        }
        out.append((workingDirectory as NSString).appendingPathComponent("Assets"))
        return out
    }

    /// The first candidate holding `relativePath`, as a full path, or nil.
    public static func find(_ relativePath: String) -> String? {
        candidates().lazy.map { ($0 as NSString).appendingPathComponent(relativePath) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The running executable, from /proc.
    public static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
