import CSDL2
import Foundation
import Testing
@testable import FolioDecoding
@testable import FolioLibrary
import FolioTestFixtures

/// Pages poppler's cairo renderer cannot draw are drawn by its Splash renderer, as pdftoppm
/// draws them: one cairo fails on at once, and one it would spend minutes on.
@Suite struct SecondRendererTests {
    static let shape = PageImage.Shape(width: 150, height: 150, radius: 0, side: .right)

    static func expectBackground(_ surface: PagePixels) {
        let want = CairoHardPDFFixture.background, got = DocumentPageTests.centre(surface)
        #expect(abs(got.0 - Int(want.r)) <= 3 && abs(got.1 - Int(want.g)) <= 3 && abs(got.2 - Int(want.b)) <= 3, "\(got) vs \(want)")
    }

    /// Cairo runs out of the worker's memory on a Type 3 font that draws itself; the page is
    /// drawn by Splash, in the same request.
    @Test func aPageCairoFailsOnIsDrawnBySplash() throws {
        let url = try DocumentPageTests.write(CairoHardPDFFixture.cyclicType3(), "cycle.pdf")
        defer { DocumentPageTests.remove(url) }
        let page = try PageImage.make(.documentPage(document: url.path, page: 0), decoder: TestDecoding.workers, shape: Self.shape).get()
        Self.expectBackground(page)
    }

    /// Cairo has a shorter time than the request (here the whole second it has): when it
    /// runs out, the page is asked for again and drawn by Splash, and the document is not
    /// failed as one that overran.
    @Test func aPageCairoIsTooSlowForIsDrawnBySplash() throws {
        let url = try DocumentPageTests.write(CairoHardPDFFixture.turnedShading(), "turned.pdf")
        defer { DocumentPageTests.remove(url) }
        let sandbox = try DecoderSandbox(executable: DecoderSandboxTests.worker, timeout: 1)
        for _ in 0..<2 {
            let page = try PageImage.make(.documentPage(document: url.path, page: 0), decoder: sandbox, shape: Self.shape).get()
            Self.expectBackground(page)
        }
    }

    /// Once cairo ran out of time on a document, its pages go to Splash; a document that
    /// overran in Splash as well fails at once, as before.
    @Test func aDocumentCairoRanOutOnIsDrawnBySplashFromThenOn() {
        var budget = TimeBudget()
        #expect(!budget.drawsBySplash("/books/a.pdf"))
        budget.handToSplash("/books/a.pdf")
        #expect(budget.drawsBySplash("/books/a.pdf") && !budget.drawsBySplash("/books/b.pdf"))
        #expect(budget.allowance("/books/a.pdf", timeout: 20) == 20)
        budget.charge("/books/a.pdf", seconds: 20, failsFast: true)
        #expect(budget.allowance("/books/a.pdf", timeout: 20) == nil)
    }
}
