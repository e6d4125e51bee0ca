import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The one key table: lookups the scenes use, and the README rendered from it.
@Suite struct KeyBindingsTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func noKeyMeansTwoThingsInOneContext() {
        for context in KeyContext.allCases {
            // A chord is a key with its modifiers (N and Shift+N are two).
            let chords = KeyBindings.all.filter { $0.context == context }.flatMap { row in
                row.keys.flatMap { key in row.modifiers.map { KeyBindings.prefix($0) + key.rawValue } }
            }
            #expect(Set(chords).count == chords.count, "a key is bound twice in \(context)")
        }
    }

    /// Every key but the letters no built-in row takes (kept for registered scenes and
    /// scripts) is bound somewhere.
    @Test func everyKeyFolioKnowsIsBoundSomewhere() {
        let bound = Set(KeyBindings.all.flatMap(\.keys))
        #expect(Set(Key.allCases).subtracting(bound).allSatisfy { Key.letters.contains($0) })
        #expect(bound.isSuperset(of: [.q, .f, .s, .r, .d, .w, .m, .p, .t]))
    }

    /// A chord counts Ctrl and Alt always and Shift only when it names it.
    @Test func chordsMatchTheirModifiers() {
        #expect(KeyBindings.action(for: .q, .ctrl, in: .anywhere) == .quit)
        #expect(KeyBindings.action(for: .q, [.ctrl, .shift], in: .anywhere) == .quit)
        #expect(KeyBindings.action(for: .q, [.ctrl, .alt], in: .anywhere) == nil)
        #expect(KeyBindings.action(for: .q, in: .anywhere) == nil)
        #expect(KeyBindings.action(for: .s, [.ctrl, .shift], in: .anywhere) == .slowMotion)
        #expect(KeyBindings.action(for: .s, .ctrl, in: .anywhere) == nil)
        #expect(KeyBindings.action(for: .d, .shift, in: .reading) == .pageMode)
        #expect(KeyBindings.action(for: .d, .ctrl, in: .reading) == nil)
        #expect(KeyBindings.action(for: .equals, .ctrl, in: .reading) == .zoomIn && KeyBindings.action(for: .equals, in: .reading) == .zoomIn)
        #expect(KeyBindings.names(KeyBindings.all.first { $0.action == .slowMotion }!) == "Ctrl+Shift+S")
    }

    @Test func theREADMEsKeyTableIsTheOneRenderedFromTheBindings() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- keys:begin"))
        let afterBegin = try #require(text.range(of: "-->\n", range: begin.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n<!-- keys:end -->", range: afterBegin.upperBound..<text.endIndex))
        let table = String(text[afterBegin.upperBound..<end.lowerBound])
        #expect(table == KeyBindings.markdownTable, "README's key table is stale; paste KeyBindings.markdownTable:\n\(KeyBindings.markdownTable)")
    }
}
