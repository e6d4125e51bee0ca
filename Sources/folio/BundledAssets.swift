import Foundation

/// Finds the bundled library: $FOLIO_ASSETS, then ../share/folio beside the executable (as
/// `make install` lays it out), then an Assets/ folder beside or above the executable (a
/// build inside the repository), then the working directory.
enum BundledAssets {
    static func booksPlist() -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["FOLIO_ASSETS"] {
            candidates.append((env as NSString).appendingPathComponent("Books.plist"))
        }
        var dir = URL(fileURLWithPath: executablePath()).resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(dir.appendingPathComponent("../share/folio/Books.plist").standardizedFileURL.path)
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("Assets/Books.plist").path)
            dir.deleteLastPathComponent()
        }
        candidates.append((fm.currentDirectoryPath as NSString).appendingPathComponent("Assets/Books.plist"))
        return candidates.first { fm.fileExists(atPath: $0) }
    }

    /// The running executable, from /proc (argv[0] is only a name when folio is found
    /// through PATH, as from a .desktop file).
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
