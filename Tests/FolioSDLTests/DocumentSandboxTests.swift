import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioSDL
import FolioTestFixtures

/// PDFs read in the confined worker process (the built `folio --document-worker`): the same
/// answers as in process, and a worker that dies or lies is named, never trusted.
@Suite(.serialized) struct DocumentSandboxTests {
    /// The debug `folio` that `swift build --build-tests` made beside the tests.
    static let folio = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/folio").path
    static let finding = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/FuzzDocument/poppler-array-oom.pdf")

    /// Runs `body` with documents read through the worker, then back in process.
    func isolated(_ body: () throws -> Void) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.folio), "build folio first: \(Self.folio)")
        DocumentSandbox.useWorker(Self.folio)
        defer { DocumentSandbox.useWorker(nil) }
        try body()
    }

    @Test func theWorkerReadsTheHeaderAndRendersPagesLikeTheProcessItself() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 5, title: "Über den Fluss"), "river.pdf")
        defer { DocumentPageTests.remove(url) }
        let shape = PageImage.Shape(width: 181, height: 284, radius: 0, side: .right)
        let here = try PageImage.make(.documentPage(document: url.path, page: 3), reader: ImageReader(), shape: shape).get()
        defer { SDL_FreeSurface(here) }
        try isolated {
            #expect(DocumentSandbox.isolated)
            #expect(try VipsDocumentInspector().inspect(url.path) == DocumentInfo(pageCount: 5, title: "Über den Fluss", firstPageSize: Size(width: 362, height: 568)))
            let there = try PageImage.make(.documentPage(document: url.path, page: 3), reader: ImageReader(), shape: shape).get()
            defer { SDL_FreeSurface(there) }
            let count = Int(here.pointee.pitch) * Int(here.pointee.h)
            #expect(there.pointee.w == here.pointee.w && there.pointee.h == here.pointee.h)
            #expect(memcmp(here.pointee.pixels, there.pointee.pixels, count) == 0, "the worker's page differs")
        }
    }

    @Test func aLockedOrMissingPDFIsNamedThroughTheWorker() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 2, passwordProtected: true), "locked.pdf")
        defer { DocumentPageTests.remove(url) }
        try isolated {
            #expect { try VipsDocumentInspector().inspect(url.path) } throws: {
                ($0 as? FolioError)?.cause == .encrypted && ($0 as? FolioError)?.message.contains("locked.pdf") == true
            }
            let shape = PageImage.Shape(width: 50, height: 80, radius: 0, side: .right)
            let gone = url.deletingLastPathComponent().appendingPathComponent("gone.pdf").path
            guard case .failure(let failure) = PageImage.make(.documentPage(document: gone, page: 0), reader: ImageReader(), shape: shape) else {
                Issue.record("a missing PDF rendered")
                return
            }
            #expect(failure.reason == "missing" && failure.message.contains("gone.pdf"))
        }
    }

    /// The fuzzing find: poppler allocates without end on this 512-byte file. The worker
    /// runs out of its capped heap and dies; the file is named, and the next request gets
    /// a fresh worker.
    @Test func aPDFThatExhaustsPopplerKillsOnlyTheWorker() throws {
        let copy = try DocumentPageTests.write(try Data(contentsOf: Self.finding), "endless.pdf")
        defer { DocumentPageTests.remove(copy) }
        let good = copy.deletingLastPathComponent().appendingPathComponent("good.pdf")
        try PDFFixture.document(pages: 3).write(to: good)
        try isolated {
            let thrown = #expect(throws: FolioError.self) { try VipsDocumentInspector().inspect(copy.path) }
            let message = thrown?.message ?? ""
            #expect(thrown?.cause == .unreadable)
            #expect(message.contains("endless.pdf: is not a readable PDF (the PDF reader"), "\(message)")
            let next = try VipsDocumentInspector().inspect(good.path)
            #expect(next.pageCount == 3)
        }
    }

    /// Replies are read as hostile: a page larger than the box asked for, an unknown kind,
    /// an oversized text and a short read are refused before anything is allocated.
    @Test func malformedRepliesAreRefused() throws {
        let request = DocumentWire.Request(operation: .render, path: "/x.pdf", page: 0, width: 100, height: 50)
        func reply(_ bytes: [UInt8]) throws -> DocumentWire.Reply {
            var data = Data(bytes)
            return try DocumentWire.readReply({ count in
                let chunk = data.prefix(count)
                data = data.dropFirst(count)
                return chunk
            }, to: request)
        }
        let good = DocumentWire.encode(.pixels(width: 100, height: 50))
        #expect(try reply(Array(good)) == .pixels(width: 100, height: 50))
        #expect(throws: DocumentWire.Malformed.self) { try reply(Array(DocumentWire.encode(.pixels(width: 101, height: 50)))) }
        #expect(throws: DocumentWire.Malformed.self) { try reply([9]) }
        #expect(throws: DocumentWire.Malformed.self) { try reply(Array(DocumentWire.encode(.document(pageCount: 3, width: 10, height: 20, title: "")))) }
        #expect(throws: DocumentWire.Malformed.self) { try reply([3, 0xFF, 0xFF]) }
        #expect(throws: DocumentWire.Malformed.self) { try reply(Array(good.prefix(5))) }
        let failure = DocumentWire.Reply.failure(reason: "unreadable", message: String(repeating: "é", count: 900), detail: "")
        guard case .failure(_, let message, _) = try reply(Array(DocumentWire.encode(failure))) else {
            Issue.record("a failure did not round-trip")
            return
        }
        #expect(message.utf8.count <= DocumentWire.maxText && message.allSatisfy { $0 == "é" })
    }

    @Test func requestsRoundTripAndBadOnesAreRefused() throws {
        let request = DocumentWire.Request(operation: .render, path: "/books/ä.pdf", page: 7, width: 362, height: 568)
        var data = DocumentWire.encode(request)
        let read: DocumentWire.Source = { count in
            let chunk = data.prefix(count)
            data = data.dropFirst(count)
            return chunk
        }
        #expect(try DocumentWire.readRequest(read) == request)
        var bad = DocumentWire.encode(DocumentWire.Request(operation: .render, path: "/x.pdf", page: -1, width: 10, height: 10))
        #expect(throws: DocumentWire.Malformed.self) {
            try DocumentWire.readRequest { count in defer { bad = bad.dropFirst(count) }; return bad.prefix(count) }
        }
    }
}
