import Foundation

/// Finds the bundled library: $FOLIO_ASSETS, then an Assets/ folder beside or above the
/// executable (a build inside the repository), then the working directory.
enum BundledAssets {
    static func booksPlist() -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["FOLIO_ASSETS"] {
            candidates.append((env as NSString).appendingPathComponent("Books.plist"))
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("Assets/Books.plist").path)
            dir.deleteLastPathComponent()
        }
        candidates.append((fm.currentDirectoryPath as NSString).appendingPathComponent("Assets/Books.plist"))
        return candidates.first { fm.fileExists(atPath: $0) }
    }
}
