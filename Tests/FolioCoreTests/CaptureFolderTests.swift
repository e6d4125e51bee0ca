import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Where a capture started with R goes, and the line that says so when it stops.
@Suite struct CaptureFolderTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-videos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func theVideosFolderFromTheEnvironmentComesFirst() {
        #expect(CaptureFolder.standard(environment: ["XDG_VIDEOS_DIR": "/media/films", "HOME": "/home/ann"]) == "/media/films/Folio")
    }

    /// The user directories file names the videos folder as desktops write it.
    @Test func userDirsNamesTheVideosFolder() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = (home as NSString).appendingPathComponent(".config")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_VIDEOS_DIR=\"$HOME/Filme\"\n".utf8)
            .write(to: URL(fileURLWithPath: (config as NSString).appendingPathComponent("user-dirs.dirs")))
        #expect(CaptureFolder.standard(environment: ["HOME": home]) == home + "/Filme/Folio")
        // XDG_CONFIG_HOME elsewhere: that file is not read, and ~/Videos is the fallback.
        #expect(CaptureFolder.standard(environment: ["HOME": home, "XDG_CONFIG_HOME": "/nonexistent"]) == home + "/Videos/Folio")
    }

    /// Lines that do not set the folder as the format says are passed over.
    @Test(arguments: [
        ("XDG_VIDEOS_DIR=\"/srv/videos\"", "/srv/videos"),
        ("  XDG_VIDEOS_DIR=\"$HOME\"", "/home/ann"),
        ("XDG_VIDEOS_DIR=$HOME/Videos", nil),
        ("XDG_VIDEOS_DIR=\"relative/videos\"", nil),
        ("XDG_VIDEOS_DIR=\"", nil),
        ("XDG_MUSIC_DIR=\"/srv/music\"", nil),
    ] as [(String, String?)])
    func aUserDirsLineIsReadOnlyWhenWellFormed(line: String, folder: String?) {
        #expect(CaptureFolder.userDirsVideos(in: line + "\n", home: "/home/ann") == folder)
    }

    @Test func withoutAHomeTheCurrentFolderIsUsed() {
        #expect(CaptureFolder.standard(environment: [:]) == nil)
        #expect(CaptureFolder.prepared(environment: [:]) == ".")
    }

    /// The folder is made when missing; a file in its place sends the capture to the current
    /// folder instead of failing.
    @Test func theFolderIsMadeWhenMissing() throws {
        let videos = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: videos) }
        let made = CaptureFolder.prepared(environment: ["XDG_VIDEOS_DIR": videos + "/deeper"])
        #expect(made == videos + "/deeper/Folio")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: made, isDirectory: &isFolder) && isFolder.boolValue)
        try Data().write(to: URL(fileURLWithPath: videos + "/Folio"))
        #expect(CaptureFolder.prepared(environment: ["XDG_VIDEOS_DIR": videos]) == ".")
    }

    /// `Folio` in the videos folder is a link to another folder: nothing is made or written
    /// there, one sentence names the link, and the capture goes to the current folder.
    @Test func aLinkedFolderIsRefused() throws {
        let videos = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: videos) }
        try FileManager.default.createDirectory(atPath: videos + "/elsewhere", withIntermediateDirectories: true)
        #expect(symlink(videos + "/elsewhere", videos + "/Folio") == 0)
        var said: [String] = []
        #expect(CaptureFolder.prepared(environment: ["XDG_VIDEOS_DIR": videos], warn: { said.append($0) }) == ".")
        #expect(said == ["\(videos)/Folio is a symbolic link, not a folder; the capture is written in the current folder instead."])
        #expect(try FileManager.default.contentsOfDirectory(atPath: videos + "/elsewhere").isEmpty)
    }

    @Test func aCapturesNameSaysWhenAndTheHomeIsShownAsATilde() {
        let name = CaptureFolder.fileName(at: Date(timeIntervalSince1970: 0))
        #expect(name.hasPrefix("folio-capture-19") && name.hasSuffix(".json") && name.count == "folio-capture-1970-01-01-000000.json".count)
        #expect(CaptureFolder.shown("/home/ann/Videos/Folio/a.json", home: "/home/ann") == "~/Videos/Folio/a.json")
        #expect(CaptureFolder.shown("/home/annie/a.json", home: "/home/ann") == "/home/annie/a.json")
    }

    /// When a capture stops, the badge names where it went for four seconds, then fades.
    @Test func theBadgeSaysWhereTheCaptureWent() {
        let s = AppDriver()
        s.app.capturing = true
        s.run(until: 1)
        #expect(s.app.drawList().texts.contains { $0.text.contains("Capturing input") })
        s.app.captureSaved(to: "~/Videos/Folio/folio-capture-2026-11-24-120000.json")
        s.run(until: 2)
        let line = s.app.drawList().texts.first { $0.text.hasPrefix("Capture saved to") }
        #expect(line?.text == "Capture saved to ~/Videos/Folio/folio-capture-2026-11-24-120000.json")
        #expect(!s.app.drawList().texts.contains { $0.text.contains("Capturing input") })
        s.run(until: 6)
        #expect(!s.app.drawList().texts.contains { $0.text.hasPrefix("Capture saved to") })
    }
}
