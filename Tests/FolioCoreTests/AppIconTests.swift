import Testing
@testable import FolioCore

/// The window's own icon: the installed icon's book, drawn at any size the window asks.
struct AppIconTests {
    static func pixel(_ p: [UInt8], size: Int, x: Double, y: Double) -> [UInt8] {
        let i = 4 * (Int(y * Double(size)) * size + Int(x * Double(size)))
        return Array(p[i..<(i + 4)])
    }

    @Test(arguments: [16, 32, 64, 256])
    func theBookIsDrawnOnAClearSquare(size: Int) {
        let p = AppIcon.pixels(size: size)
        #expect(p.count == size * size * 4)
        #expect(Self.pixel(p, size: size, x: 0.02, y: 0.02)[3] == 0, "clear around the book")
        #expect(Self.pixel(p, size: size, x: 0.5, y: 0.6) == [0x78, 0x2C, 0xA0, 0xFF], "the cover is Aurora's purple")
        #expect(Self.pixel(p, size: size, x: 0.81, y: 0.5) == [0xEE, 0xE8, 0xDA, 0xFF], "the pages show past the cover's edge")
        #expect(Self.pixel(p, size: size, x: 0.48, y: 0.265)[0...2] == [0xFF, 0xFF, 0xFF], "the title's bar")
    }

    @Test func sizesOutsideTheRangeAreClamped() {
        #expect(AppIcon.pixels(size: 0).count == 16 * 16 * 4)
        #expect(AppIcon.pixels(size: 100_000).count == 256 * 256 * 4)
    }
}
