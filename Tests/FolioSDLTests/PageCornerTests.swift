import CSDL2
import Testing
@testable import FolioCore
@testable import FolioDecoding

/// A page's finished edges: a book's right page rounds its right corners, a left page its
/// left ones, and a page alone (the continuous column) all four; the wire carries each side.
struct PageCornerTests {
    /// The alpha of each corner pixel of the page inside its margin: top-left, top-right,
    /// bottom-left, bottom-right.
    static func corners(_ side: PageSide) throws -> [UInt8] {
        let shape = PageImage.Shape(width: 60, height: 90, radius: 8, side: side)
        let page = try #require(PageImage.blankPage(shape))
        // Opaque paper over the whole page first, as a decoded page is.
        page.fill(x: 0, y: 0, w: Int(page.width), h: Int(page.height), r: 250, g: 250, b: 240, a: 255)
        PageImage.finishEdges(page, shape: shape)
        let m = Int(PageImage.margin)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { page.pixel(x, y).a }
        return [alpha(m, m), alpha(m + 59, m), alpha(m, m + 89), alpha(m + 59, m + 89)]
    }

    @Test func eachSideRoundsItsOwnCorners() throws {
        let right = try Self.corners(.right), left = try Self.corners(.left), alone = try Self.corners(.alone)
        #expect(right[0] == 255 && right[2] == 255 && right[1] < 64 && right[3] < 64, "\(right)")
        #expect(left[1] == 255 && left[3] == 255 && left[0] < 64 && left[2] < 64, "\(left)")
        #expect(alone.allSatisfy { $0 < 64 }, "all four round alone: \(alone)")
    }

    @Test func theWireCarriesAPageAlone() throws {
        let page = DecoderWire.Request(operation: .page, path: "/books/s.pages", width: 36, height: 56, name: "/books/s.pages:2",
                                       format: "pages", reference: "2", radius: 3, side: .alone)
        let read = try DecoderWire.readRequest(BookReplyTests.source(DecoderWire.encode(page)))
        #expect(read == page && read.side == .alone)
    }
}
