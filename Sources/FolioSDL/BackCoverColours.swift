import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// The colour each book's back cover is drawn in: the mean colour of its cover image,
/// found once from a tiny decode (a book without a readable cover keeps a leather brown).
struct BackCoverColours {
    /// What a back cover shows when the cover cannot tell: a plain binding colour.
    static let binding = (r: UInt8(92), g: UInt8(64), b: UInt8(48))
    /// Size of the decode the mean is taken over.
    static let sample = PageImage.Shape(width: 12, height: 18, radius: 0, side: .right)

    private var colours: [Int: (r: UInt8, g: UInt8, b: UInt8)] = [:]
    let decoder: any PageDecoder

    init(decoder: any PageDecoder) {
        self.decoder = decoder
    }

    /// The colour of book `book`'s back cover, decoding its cover the first time.
    mutating func colour(of book: Int, cover: ImageSource?) -> (r: UInt8, g: UInt8, b: UInt8) {
        if let known = colours[book] { return known }
        var colour = BackCoverColours.binding
        if let cover, case .success(let surface) = PageImage.make(cover, decoder: decoder, shape: BackCoverColours.sample) {
            colour = BackCoverColours.mean(of: surface) ?? colour
            SDL_FreeSurface(surface)
        }
        colours[book] = colour
        return colour
    }

    /// The alpha-weighted mean colour of a 32-bit surface, nil when it is fully transparent.
    static func mean(of surface: UnsafeMutablePointer<SDL_Surface>) -> (r: UInt8, g: UInt8, b: UInt8)? {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for y in 0..<h {
            for x in 0..<w {
                var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
                SDL_GetRGBA(pixels[y * pitch + x], surface.pointee.format, &r, &g, &b, &a)
                let weight = Double(a)
                sum = (sum.r + Double(r) * weight, sum.g + Double(g) * weight, sum.b + Double(b) * weight, sum.a + weight)
            }
        }
        guard sum.a > 0 else { return nil }
        return (UInt8((sum.r / sum.a).rounded()), UInt8((sum.g / sum.a).rounded()), UInt8((sum.b / sum.a).rounded()))
    }
}
