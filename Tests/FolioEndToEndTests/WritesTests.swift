import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// What Folio writes, and where: a headless recording leaves nothing in the cache folder; the
/// viewer keeps Mesa's compiled shaders in its own folder there, only while it remembers, and
/// never through a link.
@Suite struct WritesTests {
    /// `folio record` with `XDG_CACHE_HOME` set to an empty folder and no
    /// MESA_SHADER_CACHE_DISABLE of the user's: the folder stays empty.
    @Test func aRecordingWritesNothingInTheCacheFolder() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = dir.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["MESA_SHADER_CACHE_DISABLE"] = nil
        environment["MESA_GLSL_CACHE_DISABLE"] = nil
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["XDG_CACHE_HOME"] = cache.path
        let process = try ChildProcess(Folio.executable, ["record", "--out", dir.appendingPathComponent("frames").path + "/", "--duration", "0.2",
                                                          "--size", "320x200", "--quiet"], environment: environment)
        #expect(process.wait() == ChildProcess.Ending(status: 0, exited: true))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path).isEmpty)
        #expect(FileManager.default.subpaths(atPath: cache.path) == [], "written under XDG_CACHE_HOME")
    }

    /// The viewer (offscreen, quitting after a second) with `XDG_CACHE_HOME` set to `cache`,
    /// none of Mesa's settings of the user's; the cache folder's contents afterwards.
    static func viewerCache(_ dir: URL, cache: URL, _ arguments: [String] = []) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["MESA_SHADER_CACHE_DISABLE", "MESA_GLSL_CACHE_DISABLE", "MESA_SHADER_CACHE_DIR", "MESA_GLSL_CACHE_DIR"] {
            environment[name] = nil
        }
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["XDG_CACHE_HOME"] = cache.path
        environment["XDG_STATE_HOME"] = dir.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
        let process = try ChildProcess(Folio.executable, ["--quit-after", "1.5"] + arguments, environment: environment)
        #expect(process.wait() == ChildProcess.Ending(status: 0, exited: true))
        return (FileManager.default.subpaths(atPath: cache.path) ?? []).sorted()
    }

    /// Mesa's shaders are kept in `folio/mesa-shaders` (the next launch compiles none); with
    /// remembering off nothing is written; a link where Folio's folder goes is never followed
    /// (the cache stays off, and nothing lands where the link points).
    @Test func theViewerKeepsShadersInItsOwnFolderOnly() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = dir.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let kept = try Self.viewerCache(dir, cache: cache)
        #expect(kept.contains { $0.hasPrefix("folio/mesa-shaders/mesa_shader_cache/") }, "\(kept)")
        #expect(!kept.contains { $0.hasPrefix("mesa_shader_cache") }, "Mesa's own folder")

        let off = dir.appendingPathComponent("off")
        try FileManager.default.createDirectory(at: off, withIntermediateDirectories: true)
        #expect(try Self.viewerCache(dir, cache: off, ["--no-remember"]) == [])

        let linked = dir.appendingPathComponent("linked")
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: linked.appendingPathComponent("folio"), withDestinationURL: elsewhere)
        _ = try Self.viewerCache(dir, cache: linked)
        #expect(FileManager.default.subpaths(atPath: elsewhere.path) == [], "written through the link")
    }
}
