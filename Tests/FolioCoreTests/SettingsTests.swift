import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The settings file: what it reads, what it leaves out with one warning, where it is.
@Suite struct SettingsTests {
    static func parse(_ text: String) -> (settings: Settings, warning: String?) {
        Settings.parse(Data(text.utf8), name: "/c/folio/settings.conf")
    }

    @Test func rememberIsReadWithCommentsAndSpaces() {
        #expect(Self.parse("").settings.remember)
        #expect(Self.parse("").warning == nil)
        for off in ["remember = no", "  Remember=NO  # for now", "# a comment\n\nremember = off\n", "remember = false"] {
            let (settings, warning) = Self.parse(off)
            #expect(!settings.remember, "\(off)")
            #expect(warning == nil, "\(off)")
        }
        #expect(Self.parse("remember = no\nremember = yes").settings.remember)
    }

    /// Lines Folio cannot use are left out; the first is named in the one warning, with a
    /// count of the rest, and a good line after them still counts.
    @Test func badLinesGiveOneWarningNamingTheFirst() throws {
        let (settings, warning) = Self.parse("remember maybe\nspeed = 3\nremember = sometimes\nremember = no\n")
        #expect(!settings.remember)
        let sentence = try #require(warning)
        #expect(sentence == "/c/folio/settings.conf: line 1 is not `name = value` (and 2 more lines); what it cannot use is left out.")
        let unknown = try #require(Self.parse("\nspeed = 3").warning)
        #expect(unknown.contains("line 2: \"speed\" is not a setting (Folio knows remember)"))
        let value = try #require(Self.parse("remember = sometimes").warning)
        #expect(value.contains("line 1: remember takes yes or no, not \"sometimes\""))
    }

    /// A hostile file: control characters in a quoted word are escaped, long words cut, a
    /// file over the limit is not read.
    @Test func hostileFilesAreBounded() throws {
        let escaped = try #require(Self.parse("\u{1b}[31mred = 1").warning)
        #expect(!escaped.contains("\u{1b}") && escaped.contains("\\u{1b}"))
        let long = try #require(Self.parse(String(repeating: "x", count: 5000) + " = 1").warning)
        #expect(long.count < 200)
        let huge = Self.parse("remember = no\n" + String(repeating: "#", count: Settings.maxBytes))
        #expect(huge.settings.remember && huge.warning?.contains("larger than the 64 KB") == true)
    }

    /// Where the file is: XDG_CONFIG_HOME, else ~/.config; a relative variable is ignored.
    @Test func theFileLivesUnderXDGConfigHome() {
        #expect(SettingsFile.standard(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"])?.path == "/x/cfg/folio/settings.conf")
        #expect(SettingsFile.standard(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/a"])?.path == "/home/a/.config/folio/settings.conf")
    }

    /// A missing file is the defaults, silently; a folder where the file should be is named.
    @Test func aMissingFileIsTheDefaultsAndAFolderIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = SettingsFile(path: dir.appendingPathComponent("settings.conf").path).load()
        #expect(missing.settings == Settings() && missing.warning == nil)
        let folder = SettingsFile(path: dir.path).load()
        #expect(folder.settings == Settings())
        #expect(folder.warning?.hasPrefix(dir.path) == true && folder.warning?.hasSuffix("the defaults are used.") == true, "\(folder.warning ?? "")")
        try Data("remember = no\n".utf8).write(to: dir.appendingPathComponent("settings.conf"))
        #expect(!SettingsFile(path: dir.appendingPathComponent("settings.conf").path).load().settings.remember)
    }
}
