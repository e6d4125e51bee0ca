import CVips
import Foundation
import Testing
@testable import FolioDecoding
@testable import FolioWorker
import FolioSamples
import FolioTestFixtures

/// A kept-open document is let go before it outgrows the worker: poppler keeps what it parses
/// of a document while it is open, so one of 100,000 pages drawn one after another grew until
/// the worker died. (In `PDFPagesTests`' suite: both count the documents this process opens.)
extension PDFPagesTests {
    @Test func aKeptDocumentIsClosedOnceTheHeapPassesItsLimitAndOpenedAfresh() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 12), "many.pdf")
        defer { DocumentPageTests.remove(url) }
        // Within the limit (112 MB of heap in use), one document for every page.
        PDFPages.forget()
        var opened = PDFPages.documentsOpened
        for page in 0..<12 { _ = try Self.draw(url, page: page, box: (36, 56)) }
        #expect(PDFPages.documentsOpened - opened == 1)
        // With no room (a limit of one byte of heap in use), the document is closed after
        // each call and opened again for the next; every page is still itself.
        let limit = folio_pdf_set_kept_growth_limit(1)
        defer {
            folio_pdf_set_kept_growth_limit(limit)
            PDFPages.forget()
        }
        PDFPages.forget()
        opened = PDFPages.documentsOpened
        for page in 0..<12 {
            let drawn = try Self.draw(url, page: page, box: (36, 56))
            #expect(Self.isNear(drawn.centre, Self.unit(PDFFixture.colour(ofPage: page))), "page \(page) is \(drawn.centre)")
        }
        // (A page is two calls, its size and its drawing: each on a document of its own.)
        #expect(PDFPages.documentsOpened - opened >= 12)
    }
}
