import Foundation
import Testing

/// Covers in the file manager: `folio thumbnail INPUT OUTPUT SIZE`, run as the installed
/// freedesktop thumbnailer's Exec line runs it, makes a PNG of the cover at most SIZE pixels a
/// side; a bad book or an output already there is one sentence, exit 2, and no file.
@Suite(.serialized)
struct ThumbnailerTests {
    /// A CBZ of the first bundled book's cover and two pages, written with Python's zipfile.
    static func comic(in dir: URL) throws -> URL {
        let book = Folio.root.appendingPathComponent("Assets/Books/aurora")
        let cbz = dir.appendingPathComponent("Aurora Vol 1.cbz")
        let python = try #require(Folio.which("python3"))
        let made = try Folio.runProcess(python, ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                for name in ['cover.png', 'page-01.jpg', 'page-02.jpg']: z.write(sys.argv[2] + '/' + name, name)
            """, cbz.path, book.path])
        try #require(made.status == 0, "\(made.stderr)")
        return cbz
    }

    /// The command the installed thumbnailer runs: its Exec line with %i, %o and %s filled in.
    static func execLine(input: String, output: String, size: Int) throws -> [String] {
        let entry = try String(contentsOf: Folio.root.appendingPathComponent("data/io.github.folioviewer.Folio.thumbnailer.in"), encoding: .utf8)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        return exec.split(separator: " ").dropFirst().map { word in
            switch word {
            case "%i": return input
            case "%o": return output
            case "%s": return String(size)
            default: return String(word)
            }
        }
    }

    @Test(arguments: [128, 256, 512])
    func theThumbnailersCommandDrawsTheCoverAtTheSizeAsked(size: Int) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cbz = try Self.comic(in: dir)
        let out = dir.appendingPathComponent("thumb.png")
        let arguments = try Self.execLine(input: cbz.path, output: out.path, size: size)
        #expect(arguments.first == "thumbnail")
        let made = try Folio.run(arguments)
        #expect(made.status == 0 && made.stderr.isEmpty, "\(made.stderr)")
        let header = try InstallTests.pngHeader(out)
        // The cover is 724×1136: its height fitted to the size, its width in proportion.
        #expect(header.height == size && abs(header.width - (size * 724 + 568) / 1136) <= 1, "\(header)")
        // Not one colour: the cover's picture is there.
        let stats = try Folio.runProcess(try #require(Folio.which("convert")), [out.path, "-format", "%[fx:standard_deviation]", "info:"])
        #expect((Double(stats.stdout) ?? 0) > 0.05, "\(stats.stdout)")
    }

    @Test func aBadBookOrAnOutputThereAlreadyWritesNothing() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let junk = dir.appendingPathComponent("junk.cbz")
        try Data("not a zip".utf8).write(to: junk)
        let out = dir.appendingPathComponent("thumb.png")
        let refused = try Folio.run(["thumbnail", junk.path, out.path, "256"])
        #expect(refused.status == 2 && refused.stderr.contains("junk.cbz"), "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one sentence: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A file with something in it is the user's: refused, unchanged.
        let cbz = try Self.comic(in: dir)
        let mine = dir.appendingPathComponent("mine.png")
        try Data("keep me".utf8).write(to: mine)
        let kept = try Folio.run(["thumbnail", cbz.path, mine.path])
        #expect(kept.status == 2 && kept.stderr.contains("mine.png"), "\(kept)")
        #expect(try Data(contentsOf: mine) == Data("keep me".utf8))
        // A size out of range is named.
        let big = try Folio.run(["thumbnail", cbz.path, out.path, "4096"])
        #expect(big.status == 2 && big.stderr.contains("SIZE"), "\(big)")
    }
}
