import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// Phone photos are stored sideways with an EXIF orientation saying how to show them: every
/// orientation, 1 to 8, is shown the right way up, on a page of the shape it is shown at,
/// whether the JPEG is decoded at full size or shrunk while it loads.
@Suite struct OrientationTests {
    /// A 300×200 JPEG, red with its top-left quarter (150×100) blue, tagged with `orientation`.
    static func taggedJPEG(orientation: UInt16, at path: String) throws {
        let png = path + ".png"
        defer { unlink(png) }
        var rgb = [UInt8](repeating: 0, count: 300 * 200 * 3)
        for y in 0..<200 {
            for x in 0..<300 {
                let i = (y * 300 + x) * 3
                (rgb[i], rgb[i + 1], rgb[i + 2]) = x < 150 && y < 100 ? (0, 0, 255) : (255, 0, 0)
            }
        }
        try HeadlessCanvas.writePNG(rgb, width: 300, height: 200, to: png)
        let surface = try #require(IMG_Load(png))
        defer { SDL_FreeSurface(surface) }
        #expect(IMG_SaveJPG(surface, path, 95) == 0)
        var jpeg = try Data(contentsOf: URL(fileURLWithPath: path))
        try jpeg.insert(contentsOf: exifSegment(orientation: orientation), at: 2)
        try jpeg.write(to: URL(fileURLWithPath: path))
    }

    /// An APP1 segment holding one IFD entry: Orientation (0x0112, SHORT) = `orientation`.
    static func exifSegment(orientation: UInt16) throws -> Data {
        var tiff = Data("II*\0".utf8) + le32(8) + le16(1)
        tiff += le16(0x0112) + le16(3) + le32(1) + le16(orientation) + le16(0) + le32(0)
        let body = Data("Exif\0\0".utf8) + tiff
        return Data([0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)]) + body
    }

    static func le16(_ v: UInt16) -> Data { Data([UInt8(v & 0xFF), UInt8(v >> 8)]) }
    static func le32(_ v: UInt32) -> Data { Data((0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) }) }

    /// Where the blue quarter is shown for each orientation (top, left).
    static let blueCorner: [UInt16: (top: Bool, left: Bool)] = [
        1: (true, true), 2: (true, false), 3: (false, false), 4: (false, true),
        5: (true, true), 6: (true, false), 7: (false, false), 8: (false, true),
    ]

    @Test(arguments: 1...8, [1, 3])
    func everyOrientationIsShownTheRightWayUp(orientation: Int, shrink: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-exif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("photo.jpg").path
        try Self.taggedJPEG(orientation: UInt16(orientation), at: path)
        let turned = orientation >= 5
        let shown = turned ? (width: 200, height: 300) : (width: 300, height: 200)
        // The book takes the shape the photo is shown at.
        #expect(BookShapes.size(of: .file(path), decoder: TestDecoding.workers) == Size(width: Double(shown.width), height: Double(shown.height)))
        let shape = PageImage.Shape(width: Int32(shown.width / shrink), height: Int32(shown.height / shrink), radius: 0, side: .right)
        let page = try PageImage.make(.file(path), decoder: TestDecoding.workers, shape: shape).get()
        let corner = try #require(Self.blueCorner[UInt16(orientation)])
        let w = Int(shape.width), h = Int(shape.height)
        for (top, left) in [(true, true), (true, false), (false, true), (false, false)] {
            let x = left ? w / 4 : w * 3 / 4, y = top ? h / 4 : h * 3 / 4
            let p = PageFitTests.pixel(page, x, y)
            let blue = top == corner.top && left == corner.left
            #expect(blue ? (p.2 > 200 && p.0 < 60) : (p.0 > 200 && p.2 < 60),
                    "orientation \(orientation): \(p) at \(x), \(y) should be \(blue ? "blue" : "red")")
        }
    }
}
