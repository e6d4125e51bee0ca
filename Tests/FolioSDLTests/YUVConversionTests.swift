import CYUV
import Testing

/// RGB frames to YUV 4:2:0 for the video encoder: BT.709's reference colours, chroma as the
/// mean of 2 × 2 pixels, odd sizes and row padding.
struct YUVConversionTests {
    /// (Y plane, U plane, V plane) of `pixels` (RGBX, rows `pitch` bytes apart).
    static func convert(_ pixels: [UInt8], width: Int, height: Int, pitch: Int? = nil) -> (y: [UInt8], u: [UInt8], v: [UInt8]) {
        let size = folio_i420_size(Int32(width), Int32(height))
        var out = [UInt8](repeating: 0, count: size)
        folio_rgbx_to_i420(pixels, Int32(width), Int32(height), pitch ?? width * 4, &out)
        let luma = width * height, chroma = (size - luma) / 2
        return (Array(out[0..<luma]), Array(out[luma..<(luma + chroma)]), Array(out[(luma + chroma)...]))
    }

    static func solid(_ rgb: (UInt8, UInt8, UInt8), width: Int, height: Int) -> [UInt8] {
        Array((0..<(width * height)).map { _ in [rgb.0, rgb.1, rgb.2, 255] }.joined())
    }

    /// BT.709's limited-range values for black, white and the primaries (ITU-R BT.709's
    /// matrix, 219 and 224 steps), each within 1.
    @Test(arguments: [
        ((0, 0, 0), (16, 128, 128)), ((255, 255, 255), (235, 128, 128)),
        ((255, 0, 0), (63, 102, 240)), ((0, 255, 0), (173, 42, 26)), ((0, 0, 255), (32, 240, 118)),
    ] as [((UInt8, UInt8, UInt8), (Int, Int, Int))])
    func referenceColours(rgb: (UInt8, UInt8, UInt8), yuv: (Int, Int, Int)) {
        let (y, u, v) = Self.convert(Self.solid(rgb, width: 4, height: 2), width: 4, height: 2)
        #expect(y.count == 8 && u.count == 2 && v.count == 2)
        for value in y { #expect(abs(Int(value) - yuv.0) <= 1) }
        for value in u { #expect(abs(Int(value) - yuv.1) <= 1) }
        for value in v { #expect(abs(Int(value) - yuv.2) <= 1) }
    }

    /// Half red, half blue in each 2 × 2 block: the chroma of the mean colour, purple; each
    /// pixel keeps its own luma.
    @Test func chromaIsTheMeanOfItsFourPixels() {
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let pixels = red + blue + blue + red
        let (y, u, v) = Self.convert(pixels, width: 2, height: 2)
        let purple = Self.convert(Self.solid((128, 0, 128), width: 2, height: 2), width: 2, height: 2)
        #expect(abs(Int(u[0]) - Int(purple.u[0])) <= 1 && abs(Int(v[0]) - Int(purple.v[0])) <= 1)
        #expect(y[0] == y[3] && y[1] == y[2] && y[0] > y[1])
    }

    /// A 3 × 3 frame has 2 × 2 chroma samples; the last column and row stand in for their
    /// missing neighbours, and nothing past the planes is written.
    @Test func oddSizesUseTheEdgePixels() {
        let width = 3, height = 3
        #expect(folio_i420_size(3, 3) == 9 + 2 * 4)
        var pixels = Self.solid((255, 255, 255), width: width, height: height)
        for row in 0..<height { pixels.replaceSubrange((row * 3 + 2) * 4..<(row * 3 + 3) * 4, with: [0, 255, 0, 255]) }
        let green = Self.convert(Self.solid((0, 255, 0), width: 2, height: 2), width: 2, height: 2)
        let (_, u, v) = Self.convert(pixels, width: width, height: height)
        #expect(u == [128, green.u[0], 128, green.u[0]])
        #expect(v == [128, green.v[0], 128, green.v[0]])
        #expect(folio_i420_size(0, 5) == 0 && folio_i420_size(-2, 2) == 0)
    }

    /// Bytes between rows (a pitch wider than the row) are never read as pixels.
    @Test func rowPaddingIsSkipped() {
        let row = Self.solid((10, 200, 30), width: 4, height: 1)
        let padded = row + [UInt8](repeating: 255, count: 16)
        let (y, u, v) = Self.convert(padded + padded, width: 4, height: 2, pitch: 32)
        let tight = Self.convert(row + row, width: 4, height: 2)
        #expect(y == tight.y && u == tight.u && v == tight.v)
    }
}
