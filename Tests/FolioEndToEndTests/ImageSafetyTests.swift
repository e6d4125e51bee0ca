import Foundation
import Testing

/// Images that lie about their size, or are simply huge, run through the real binary: every
/// size is known from the header before a pixel is decoded, and decoding costs what the page
/// is drawn at, not what the file holds.
@Suite(.serialized) struct ImageSafetyTests {
    /// A script that opens the centred book and turns to its second spread.
    static let openBook = #"{"size":[1280,800],"fps":30,"duration":2,"events":[{"t":0.1,"type":"key","key":"return"},{"t":1.2,"type":"key","key":"right"}]}"#

    @Test func aHundredMegapixelJPEGCostsTensOfMegabytesNotHundreds() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("Scans")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try Folio.makeImage(book.appendingPathComponent("p1.jpg"), width: 10000, height: 10000)
        try FileManager.default.copyItem(at: book.appendingPathComponent("p1.jpg"), to: book.appendingPathComponent("p2.jpg"))
        let validate = try Folio.runMeasuringMemory(["validate", book.path])
        #expect(validate.status == 0)
        // Decoded whole, one 100-megapixel RGB image is 300 MB before any copy.
        #expect(validate.peakMB < 120, "validate peaked at \(validate.peakMB) MB")
        let script = dir.appendingPathComponent("open.json")
        try Self.openBook.write(to: script, atomically: true, encoding: .utf8)
        let record = try Folio.runMeasuringMemory(["record", "--library", book.path, "--script", script.path,
                                                    "--trace", dir.appendingPathComponent("t.jsonl").path, "--quiet"])
        #expect(record.status == 0)
        #expect(record.peakMB < 250, "record peaked at \(record.peakMB) MB")
    }

    @Test func aGIFWhoseFrameIsFarLargerThanItsScreenStaysSmall() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 35 bytes: a 1×1 screen holding a 65535×65535 frame.
        var gif = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0, 0, 0])
        gif += Data([0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0]) + Data([2, 2, 0x44, 0x01, 0]) + Data([0x3B])
        try gif.write(to: dir.appendingPathComponent("a.gif"))
        try gif.write(to: dir.appendingPathComponent("b.gif"))
        let run = try Folio.runMeasuringMemory(["validate", dir.path])
        #expect(run.status == 0 || run.status == 1)
        #expect(run.peakMB < 120, "validate peaked at \(run.peakMB) MB")
    }

    @Test func aJPEGWhoseSizeComesAfterAMegabyteOfOtherSegmentsIsStillChecked() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = dir.appendingPathComponent("plain.jpg")
        try Folio.makeImage(plain, width: 20000, height: 64)
        var bytes = try Data(contentsOf: plain)
        // 17 APP15 segments of 64 KB each between SOI and the rest.
        var padding = Data()
        for _ in 0..<17 { padding += Data([0xFF, 0xEF, 0xFF, 0xFF]) + Data(count: 0xFFFD) }
        bytes.insert(contentsOf: padding, at: 2)
        let book = dir.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try bytes.write(to: book.appendingPathComponent("late.jpg"))
        try Data(contentsOf: plain).write(to: book.appendingPathComponent("plain.jpg"))
        let result = try Folio.run(["validate", book.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("late.jpg: image too large: is 20,000×64, larger than 16,384 px on a side."), "\(result.stdout)")
        #expect(result.stdout.contains("plain.jpg: image too large"), "\(result.stdout)")
    }

    @Test func headersOfTIFFQOIPCXAndTGAClaimingHugeSizesAreRefusedBeforeDecoding() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Each claims 60000×60000 and holds almost nothing else.
        // A little-endian TIFF: one IFD of eight LONG/SHORT tags, one strip of no data.
        func tag(_ id: UInt16, _ type: UInt16, _ value: UInt32) -> Data {
            var d = Data()
            for v in [id, type] { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
            for v in [UInt32(1), value] { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
            return d
        }
        var tiff = Data("II*\0".utf8) + Data([8, 0, 0, 0, 8, 0])
        tiff += tag(256, 4, 60000) + tag(257, 4, 60000) + tag(258, 3, 8) + tag(259, 3, 1)
        tiff += tag(262, 3, 1) + tag(273, 4, 200) + tag(278, 4, 60000) + tag(279, 4, 16)
        tiff += Data(count: 4 + 200 - 110 + 16)
        let qoi = Data("qoif".utf8) + Data([0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 4, 0]) + Data(count: 8)
        var pcx = Data(count: 128)
        pcx[0] = 0x0A; pcx[1] = 5; pcx[2] = 1; pcx[3] = 8; pcx[8] = 0x5F; pcx[9] = 0xEA; pcx[10] = 0x5F; pcx[11] = 0xEA
        var tga = Data(count: 18)
        tga[2] = 10; tga[12] = 0x60; tga[13] = 0xEA; tga[14] = 0x60; tga[15] = 0xEA; tga[16] = 32
        for (name, data) in [("a.tif", tiff), ("b.qoi", qoi), ("c.pcx", pcx), ("d.tga", tga)] {
            try data.write(to: dir.appendingPathComponent(name))
        }
        let run = try Folio.runMeasuringMemory(["validate", dir.path])
        #expect(run.status == 1)
        #expect(run.peakMB < 120, "validate peaked at \(run.peakMB) MB")
        let result = try Folio.run(["validate", dir.path])
        for name in ["a.tif", "b.qoi", "c.pcx", "d.tga"] {
            #expect(result.stdout.contains("\(name): image too large: is 60,000×60,000"), "\(name): \(result.stdout)")
        }
    }

    @Test func aValidTGADecodes() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Folio.makeImage(dir.appendingPathComponent("a.tga"), width: 64, height: 96)
        try Folio.makeImage(dir.appendingPathComponent("b.tga"), width: 64, height: 96)
        let result = try Folio.run(["validate", dir.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("1 book, 2 pages, no problems."))
    }

    /// Found by fuzzing: 47 bytes whose empty 65280×0 screen made the GIF decoder allocate
    /// 1.4 GB. Refused from its header; libvips' own warnings never reach the terminal.
    @Test func aGIFWithAnEmptyScreenIsRefusedQuietly() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes: [UInt8] = [
            0x47, 0x49, 0x46, 0x38, 0x39, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x38, 0x39,
            0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1A, 0x4F]
        for name in ["a.gif", "b.gif"] { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let run = try Folio.runMeasuringMemory(["validate", dir.path])
        #expect(run.status == 1)
        #expect(run.peakMB < 120, "validate peaked at \(run.peakMB) MB")
        let result = try Folio.run(["validate", dir.path])
        #expect(result.stdout.contains("a.gif: unreadable or corrupt image (its header gives an empty 65,280×0 image)."), "\(result.stdout)")
        #expect(!result.stderr.contains("VIPS"), "\(result.stderr)")
    }
}
