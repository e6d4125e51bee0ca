import Foundation

/// A picture one of Folio's own readers decoded (`BMPReader`, `PCXReader`): `width`×`height`
/// pixels, top row first, each RGB, or RGBA (straight, not premultiplied) when the picture
/// has alpha or pixels left unwritten. A picture without them takes three bytes a pixel, so
/// that the largest picture a page may be and its file fit the decoder worker's heap together.
public struct DecodedPicture: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// 3 (RGB) or 4 (RGBA).
    public var channels: Int
    public var pixels: [UInt8]
    /// The pixels stop before the picture does; the rest is transparent (black for RGB).
    public var endsEarly = false

    /// Whether the pixels fill exactly `width`×`height` of 3 or 4 channels, within `limit`
    /// pixels: what a reader must give, whatever its input (the fuzz targets check it).
    public func isWhole(limit: Int) -> Bool {
        width > 0 && height > 0 && width * height <= limit && [3, 4].contains(channels) && pixels.count == width * height * channels
    }
}

/// Why one of Folio's own readers gave no picture.
public enum PictureProblem: Error, Equatable {
    /// Not readable, and why, in a reader's words.
    case damaged(String)
    /// Too large to read (`ImageHeader.refusal`'s words).
    case tooLarge(String)
    /// A picture of another format inside (a JPEG or PNG in a BMP), at `range` of the bytes.
    case holds(ImageHeader.Format, range: Range<Int>)
}

/// The picture a reader fills, transparent (or black) where nothing is written.
struct PictureCanvas {
    let width: Int, height: Int, topDown: Bool, channels: Int
    var pixels: [UInt8]
    var endsEarly = false

    /// Colours by index; an index past them is black.
    struct Palette {
        var colours: [UInt32]
        func colour(_ index: Int) -> UInt32 { index < colours.count ? colours[index] : PictureCanvas.pack(0, 0, 0, 255) }
    }

    init(width: Int, height: Int, topDown: Bool, alpha: Bool) {
        self.width = width
        self.height = height
        self.topDown = topDown
        channels = alpha ? 4 : 3
        pixels = [UInt8](repeating: 0, count: width * height * channels)
    }

    var picture: DecodedPicture {
        DecodedPicture(width: width, height: height, channels: channels, pixels: pixels, endsEarly: endsEarly)
    }

    static func pack(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Sets pixel `x` of the `row`th row stored (the top one first when `topDown`, else the
    /// bottom one); pixels outside the picture are dropped.
    mutating func set(_ x: Int, _ row: Int, _ colour: UInt32) {
        guard x >= 0, x < width, row >= 0, row < height else { return }
        let y = topDown ? row : height - 1 - row
        let i = (y * width + x) * channels
        pixels[i] = UInt8(colour & 0xFF)
        pixels[i + 1] = UInt8(colour >> 8 & 0xFF)
        pixels[i + 2] = UInt8(colour >> 16 & 0xFF)
        if channels == 4 { pixels[i + 3] = UInt8(colour >> 24) }
    }

    /// Alpha that is zero in every pixel means a writer that filled in an alpha channel's
    /// place and not its values: the picture is shown opaque, not invisible.
    mutating func makeOpaqueIfNoAlpha() {
        let alphas = Swift.stride(from: 3, to: pixels.count, by: 4)
        guard alphas.allSatisfy({ pixels[$0] == 0 }) else { return }
        for i in alphas { pixels[i] = 255 }
    }
}
