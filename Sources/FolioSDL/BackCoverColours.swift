import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// The colour each book's back cover is drawn in: the mean colour of its cover image,
/// found once from a tiny decode (a book without a readable cover keeps a leather brown).
/// The decode is the caller's when synchronous (a recording: every frame the same), else
/// done off the window's thread: the back cover shows the binding colour until it arrives.
final class BackCoverColours {
    typealias Colour = (r: UInt8, g: UInt8, b: UInt8)
    /// What a back cover shows when the cover cannot tell: a plain binding colour.
    static let binding: Colour = (r: 92, g: 64, b: 48)
    /// Size of the decode the mean is taken over.
    static let sample = PageImage.Shape(width: 12, height: 18, radius: 0, side: .right)

    private var colours: [Int: Colour] = [:]
    /// Books whose colour is being found off this thread.
    private var asked: Set<Int> = []
    let decoder: any PageDecoder
    /// Finds colours off the window's thread (nil: on the caller's).
    private let finder: OffWindowWork<(book: Int, cover: ImageSource), (book: Int, colour: Colour)>?

    /// `offWindow`: found on a thread of their own, never on the caller's.
    init(decoder: any PageDecoder, offWindow: Bool) {
        self.decoder = decoder
        finder = offWindow
            ? OffWindowWork(name: "folio-colours") { wanted in (wanted.book, BackCoverColours.found(wanted.cover, decoder: decoder)) }
            : nil
    }

    /// The colour of book `book`'s back cover: found now (synchronous), or the binding
    /// colour until it is found.
    func colour(of book: Int, cover: ImageSource?) -> Colour {
        if let finder {
            for found in finder.take() {
                colours[found.book] = found.colour
                asked.remove(found.book)
            }
        }
        if let known = colours[book] { return known }
        guard let cover else {
            colours[book] = BackCoverColours.binding
            return BackCoverColours.binding
        }
        guard let finder else {
            let colour = BackCoverColours.found(cover, decoder: decoder)
            colours[book] = colour
            return colour
        }
        if asked.insert(book).inserted { finder.add((book, cover)) }
        return BackCoverColours.binding
    }

    /// True when no colour is being found or found and not yet drawn.
    var isSettled: Bool { asked.isEmpty }

    /// Sleeps until the colours asked for are found, or `timeout` seconds pass; false if the
    /// timeout came first.
    @discardableResult
    func waitForColours(timeout: Double) -> Bool { finder?.waitUntilDone(timeout: timeout) ?? true }

    /// The colour of `cover`: the mean of a tiny decode, the binding colour when it cannot
    /// be decoded.
    static func found(_ cover: ImageSource, decoder: any PageDecoder) -> Colour {
        guard case .success(let page) = PageImage.make(cover, decoder: decoder, shape: sample) else { return binding }
        return mean(of: page) ?? binding
    }

    /// The alpha-weighted mean colour of a page's pixels, nil when they are all transparent.
    static func mean(of page: PagePixels) -> Colour? {
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for y in 0..<Int(page.height) {
            for x in 0..<Int(page.width) {
                let (r, g, b, a) = page.pixel(x, y)
                let weight = Double(a)
                sum = (sum.r + Double(r) * weight, sum.g + Double(g) * weight, sum.b + Double(b) * weight, sum.a + weight)
            }
        }
        guard sum.a > 0 else { return nil }
        return (UInt8((sum.r / sum.a).rounded()), UInt8((sum.g / sum.a).rounded()), UInt8((sum.b / sum.a).rounded()))
    }
}
