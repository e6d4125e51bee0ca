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
            let keys = KeyBindings.all.filter { $0.context == context }.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "a key is bound twice in \(context)")
        }
    }

    @Test func everyKeyFolioKnowsIsBoundSomewhere() {
        let bound = Set(KeyBindings.all.flatMap(\.keys))
        #expect(bound == Set(Key.allCases))
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
