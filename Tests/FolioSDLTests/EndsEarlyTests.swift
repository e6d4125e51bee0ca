import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary

/// A picture that ends early is said to, and `validate` counts it: a BMP or an uncompressed TGA
/// that stops before its pixels holds none (refused, where the decoders showed a white or
/// black page with no word); one that stops part-way is shown as far as it goes and flagged.
@Suite struct EndsEarlyTests {
    static let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
    static let bmp = FormatVariantTests.bitfieldBMP()
    static let tga = FormatVariantTests.tga(type: 2, bits: 24, descriptor: 0, width: 4, height: 4,
                                            pixels: Array((0..<16).flatMap { _ in [0, 0, 255] as [UInt8] }))

    /// How many of a TGA's pixels its file holds, as its header says, and for a run-length
    /// encoded one (type 10) as its packets do: a run of 3 and a raw packet of 2 cover 5, a
    /// raw packet cut in its middle covers its whole pixels only.
    @Test func theHeaderSaysWhereThePixelsAre() {
        func covered(_ data: Data) -> [Int]? { ImageHeader.tgaPixels(data).map { [$0.offset, $0.covered, $0.total] } }
        #expect(covered(Self.tga) == [18, 16, 16])
        #expect(covered(Self.tga.prefix(18 + 3 * 5 + 2)) == [18, 5, 16])
        var rle = [UInt8](Self.tga.prefix(18))
        rle[2] = 10
        rle += [0x82, 0, 0, 255] + [0x01, 0, 255, 0, 0, 255, 0]
        #expect(covered(Data(rle)) == [18, 5, 16], "three of a run, two raw")
        #expect(covered(Data(rle.dropLast(2))) == [18, 4, 16], "the raw packet's whole pixels")
        #expect(covered(Data(rle.dropLast(7))) == [18, 3, 16])
        #expect(covered(Data(rle + [0x8A, 1, 2, 3])) == [18, 16, 16], "a run past the last pixel covers the rest")
        #expect(covered(Data(rle.prefix(18) + [0x8F])) == [18, 0, 16], "a run with no pixel")
        #expect(covered(Data(rle.prefix(10))) == nil)
    }

    /// Pillow's cross_scan_line_truncated.tga, in small: a run-length encoded TGA that stops
    /// part-way is shown as far as it goes and flagged (it was drawn whole, black below, with
    /// no word); one whose packets stop before its first pixel is refused.
    @Test func aRunLengthTGAThatStopsPartWayIsFlagged() throws {
        var rle = [UInt8](Self.tga.prefix(18))
        rle[2] = 10
        let whole = Data(rle + [0x87, 0, 0, 255, 0x87, 0, 255, 0])
        var cutShort = false
        _ = try PageImage.decodeHere(.bytes(whole, name: "w.tga"), reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
        #expect(!cutShort)
        _ = try PageImage.decodeHere(.bytes(whole.prefix(22), name: "c.tga"), reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
        #expect(cutShort)
        #expect {
            try PageImage.decodeHere(.bytes(whole.prefix(19), name: "h.tga"), reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
        } throws: { error in
            (error as? PageImage.Failure)?.message.contains("the file ends before them") == true
        }
    }

    @Test(arguments: [("bmp", bmp, 66), ("tga", tga, 18)])
    func headerAloneIsRefusedAndPartWayIsFlagged(kind: String, whole: Data, pixelsBegin: Int) throws {
        var cutShort = false
        #expect {
            try PageImage.decodeHere(.bytes(whole.prefix(pixelsBegin), name: "h.\(kind)"), reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
        } throws: { error in
            (error as? PageImage.Failure)?.message.contains("the file ends before them") == true
        }
        _ = try PageImage.decodeHere(.bytes(whole.prefix(pixelsBegin + (whole.count - pixelsBegin) / 2), name: "c.\(kind)"),
                                     reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
        #expect(cutShort)
        cutShort = false
        _ = try PageImage.decodeHere(.bytes(whole, name: "w.\(kind)"), reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
        #expect(!cutShort)
    }

    /// `validate` counts a picture that ends early as a problem, as it counts one it cannot
    /// read, so its exit code says so.
    @Test func validateCountsAPictureThatEndsEarly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-ends-early-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.bmp.write(to: dir.appendingPathComponent("p1.bmp"))
        try Self.bmp.prefix(100).write(to: dir.appendingPathComponent("p2.bmp"))
        try Self.tga.prefix(18).write(to: dir.appendingPathComponent("p3.tga"))
        let loaded = try LibraryLoader.load(dir.path, decoder: TestDecoding.workers)
        let problems = LibraryValidator.check(loaded.library, decoder: TestDecoding.workers)
        #expect(problems.map { ($0.file as NSString).lastPathComponent } == ["p2.bmp", "p3.tga"], "\(problems)")
        #expect(problems.first?.message == "ends early (the viewer shows it as far as it goes).")
        #expect(problems.last?.message.contains("the file ends before them") == true)
    }

    /// A loose picture decoded whole is mapped read-only, not copied: a map is not in the
    /// worker's capped heap, where a 60 MB BMP's file and its pixels did not fit together
    /// (the release worker failed on a 4500×4500 one). The bytes are the file's, and while
    /// they are held the file is among the process's maps.
    @Test func aLoosePictureIsMappedNotCopied() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-mapped-\(UUID().uuidString).bmp").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.bmp.write(to: URL(fileURLWithPath: path))
        let fd = try SafeFile.openForReading(path)
        defer { close(fd) }
        let bytes = try PageImage.bytes(of: .descriptor(fd), name: "m.bmp")
        // /proc files say they are empty: read to their end, not by their size.
        let maps = String(decoding: try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        #expect(bytes == Self.bmp)
        #expect(maps.contains(path))
    }
}
