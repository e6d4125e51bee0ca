import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
import FolioSamples
import FolioTestFixtures

/// A PDF's links and text, read by poppler in a decoder worker (never in this process) and
/// sent on the wire bounded: links to pages, to names and to addresses where the document
/// put them; a search that finds every occurrence of a word and only those, in stretches.
@Suite(.serialized) struct PDFTextTests {
    /// Seven pages: "needle" on pages 2 (twice), 5 and 7 by the reader's numbering (PDF pages
    /// 1, 4, 6), "haystack" on every page; links on PDF page 1 to page 4, to a name for page
    /// 5, to an address, and to a page the document does not have.
    static let text: [Int: [String]] = [
        0: ["haystack cover"], 1: ["haystack needle here", "and a Needle there"], 2: ["haystack"], 3: ["haystack nothing"],
        4: ["haystack with needle"], 5: ["haystack"], 6: ["the last needle, haystack"],
    ]
    static let links: [Int: [PDFWriter.Link]] = [1: [
        .init(Rect(x: 0.1, y: 0.5, width: 0.3, height: 0.1), to: .page(3)),
        .init(Rect(x: 0.5, y: 0.5, width: 0.3, height: 0.1), to: .name("chapter")),
        .init(Rect(x: 0.1, y: 0.7, width: 0.5, height: 0.05), to: .address("https://example.org/folio?a=1")),
        .init(Rect(x: 0.1, y: 0.8, width: 0.5, height: 0.05), to: .page(40)),
    ]]

    static func document() throws -> String {
        try OutlineTests.write(PDFWriter.document(pages: 7, text: text, links: links, destinations: ["chapter": 4]), "text.pdf")
    }

    @Test func theWorkerReadsAPagesLinksWhereTheyAre() throws {
        let path = try Self.document()
        let opened = PDFPages.documentsOpened
        let links = TestDecoding.workers.links(path, page: 1)
        #expect(PDFPages.documentsOpened == opened, "poppler ran in the worker, not here")
        #expect(links.count == 3, "the link to no page is left out: \(links)")
        #expect(links.map(\.target) == [.page(4), .page(5), .address("https://example.org/folio?a=1")])
        let first = try #require(links.first).area
        #expect(abs(first.minX - 0.1) < 0.01 && abs(first.minY - 0.5) < 0.01, "from the page's top-left: \(first)")
        #expect(abs(first.size.width - 0.3) < 0.01 && abs(first.size.height - 0.1) < 0.01, "\(first)")
        #expect(TestDecoding.workers.links(path, page: 0).isEmpty)
        #expect(TestDecoding.workers.links(path, page: 70).isEmpty, "a page past the end has none")
    }

    @Test func aSearchFindsEveryOccurrenceAndOnlyThose() throws {
        let path = try Self.document()
        let stretch = try #require(TestDecoding.workers.find("needle", in: path, first: 0, count: 7))
        #expect(stretch.searched == 7 && stretch.hasText)
        #expect(stretch.hits.map(\.number) == [2, 2, 5, 7], "case ignored, each occurrence once: \(stretch.hits)")
        #expect(stretch.hits.allSatisfy { $0.area.minY > 0.1 && $0.area.maxY < 0.5 && $0.area.size.width > 0.05 }, "\(stretch.hits)")
        let later = try #require(TestDecoding.workers.find("needle", in: path, first: 3, count: 2))
        #expect(later.searched == 2 && later.hits.map(\.number) == [5])
        let none = try #require(TestDecoding.workers.find("zebra", in: path, first: 0, count: 7))
        #expect(none.hits.isEmpty && none.hasText)
    }

    @Test func aBookWithoutTextSaysSo() throws {
        let path = try OutlineTests.write(PDFWriter.document(pages: 3), "pictures.pdf")
        let stretch = try #require(TestDecoding.workers.find("needle", in: path, first: 0, count: 3))
        #expect(stretch.hits.isEmpty && !stretch.hasText && stretch.searched == 3)
    }
}
