import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// The application icon: a square PNG with an alpha channel, the book filling its middle.
@Suite(.serialized) struct IconPainterTests {
    static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/Books.plist").path

    @Test(arguments: [16, 48, 256])
    func anIconIsASquareWithATransparentBackground(size: Int) throws {
        let library = try LibraryLoader.load(Self.bundled).library
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-icon-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try IconPainter.paint(library: library, decoder: TestDecoding.workers, size: size, to: path)
        let loaded = try #require(IMG_Load(path))
        defer { SDL_FreeSurface(loaded) }
        let rgba = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0))
        defer { SDL_FreeSurface(rgba) }
        #expect(Int(rgba.pointee.w) == size && Int(rgba.pointee.h) == size)
        let pitch = Int(rgba.pointee.pitch)
        let bytes = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bytes[y * pitch + x * 4 + 3] }
        #expect(alpha(0, 0) == 0 && alpha(size - 1, 0) == 0 && alpha(0, size - 1) == 0)
        #expect(alpha(size / 2, size / 2) == 255)
        // The book fills the icon's height but for a small margin (IconPainter.fill).
        let opaqueRows = (0..<size).filter { y in (0..<size).contains { alpha($0, y) > 8 } }.count
        #expect(Double(opaqueRows) >= Double(size) * 0.85, "\(opaqueRows) of \(size) rows")
    }

    @Test func aSizeOutsideTheRangeIsRefused() {
        #expect(throws: FolioError.self) { try IconPainter.paint(library: .synthetic(books: 1, pages: 2), decoder: TestDecoding.workers, size: 8, to: "/dev/null") }
    }
}
