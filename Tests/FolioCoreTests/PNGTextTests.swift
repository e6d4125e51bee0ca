import Foundation
import Testing
@testable import FolioCore

/// A thumbnail's text, read from the chunks before its pixels, whatever the bytes.
@Suite struct PNGTextTests {
    static func chunk(_ type: String, _ body: Data) -> Data {
        Data(withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) }) + Data(type.utf8) + body + Data(count: 4)
    }

    static func text(_ key: String, _ value: [UInt8]) -> Data { chunk("tEXt", Data(key.utf8) + Data([0]) + Data(value)) }

    static let header = chunk("IHDR", Data([0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0]))

    @Test func fieldsBeforeThePixelsAreRead() {
        let png = Data(PNGText.signature) + Self.header + Self.text("Thumb::URI", Array("file:///a%20b.cbz".utf8))
            + Self.text("Thumb::MTime", Array("1700000000".utf8)) + Self.text("Thumb::URI", Array("second".utf8))
            + Self.chunk("IDAT", Data(count: 8)) + Self.text("After", Array("pixels".utf8))
        let fields = PNGText.fields(png)
        #expect(fields == ["Thumb::URI": "file:///a%20b.cbz", "Thumb::MTime": "1700000000"])
    }

    @Test func valuesAreLatin1() {
        let png = Data(PNGText.signature) + Self.text("Title", [0x43, 0xF3, 0x6D, 0x69, 0x63])
        #expect(PNGText.fields(png)?["Title"] == "Cómic")
    }

    @Test func whatIsNotAPNGOrIsDamagedGivesNoFields() {
        #expect(PNGText.fields(Data("GIF89a".utf8)) == nil)
        #expect(PNGText.fields(Data(PNGText.signature.prefix(7))) == nil)
        // A length past the end: the walk stops with what came before it.
        var long = Data(PNGText.signature) + Self.text("A", Array("1".utf8))
        long += Data([0x7F, 0xFF, 0xFF, 0xFF]) + Data("tEXtB\u{0}2".utf8)
        #expect(PNGText.fields(long) == ["A": "1"])
        // No keyword, a keyword of 80 bytes, no zero, a control character in the keyword.
        let bad = Data(PNGText.signature) + Self.text("", Array("x".utf8)) + Self.text(String(repeating: "k", count: 80), Array("x".utf8))
            + Self.chunk("tEXt", Data("novalue".utf8)) + Self.text("a\u{7}b", Array("x".utf8)) + Self.text("Good", Array("y".utf8))
        #expect(PNGText.fields(bad) == ["Good": "y"])
    }

    @Test func theWalkStopsAfterItsChunkLimit() {
        var png = Data(PNGText.signature)
        for i in 0..<PNGText.maxChunks { png += Self.chunk("zzZz", Data([UInt8(i & 0xFF)])) }
        png += Self.text("Late", Array("x".utf8))
        #expect(PNGText.fields(png) == [:])
    }
}
