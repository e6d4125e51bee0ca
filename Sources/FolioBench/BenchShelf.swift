import FolioCore
import FolioLibrary
import FolioSDL
import FolioSamples
import Foundation

extension Benchmarks {
    /// `shelf_first_frame_ms.books10000`: from launch to the shelf drawn, for a folder of ten
    /// thousand comic archives (made on first use in ~/.cache/folio/bench-shelf-10000, three
    /// small JPEG pages each, forty different covers), the median of five launches; and the
    /// frames while the shelf scrolls through it (`shelf_scroll_frame_ms`: a book every
    /// fifth frame for 600 frames, paced at 60 a second, covers decoded in the background):
    /// median, worst and p99 of update + draw + finish. Beside them, the first frame with the
    /// thumbnail cache cold and warm, and the covers' arrival with none, cold and warm, for
    /// this folder and for one of scanned covers.
    public func measureShelf10000(cacheBytes: Int?) throws -> [(String, JSONValue)] {
        let dir = try shelf10000()
        var out: [(String, JSONValue)] = []
        out.append(("first_frame_ms", .number(try measureFirstFrame(libraryPath: dir.path))))
        out.append(("first_frame_ms_thumbnails", .object(try measureFirstFrameWithThumbnails(libraryPath: dir.path))))
        out.append(("covers_ms", .object(try measureCovers(folder: dir.path))))
        out.append(("covers_ms_scans", .object(try measureCovers(folder: try scanCovers().path))))

        let library = try load(dir.path)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true,
                                        cacheBytes: cacheBytes)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        let start = seconds()
        var t = 0.0, times: [Double] = []
        app.update(at: t)
        // Warmed up as the other render cases are: the first draws make the renderer's
        // shaders and the first covers, which no later frame repeats.
        for _ in 0..<5 {
            canvas.renderer.configure(pixelScale: canvas.pixelScale, windowSize: app.size)
            canvas.renderer.draw(app.drawList(), prefetch: app.prefetchContents())
            canvas.finish()
        }
        for frame in 0..<600 {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            t += 1.0 / 60
            if frame % 5 == 0 { app.handle(.key(.right), at: t) }
            let begin = seconds()
            app.update(at: t)
            canvas.renderer.configure(pixelScale: canvas.pixelScale, windowSize: app.size)
            canvas.renderer.draw(app.drawList(), prefetch: app.prefetchContents())
            canvas.finish()
            times.append((seconds() - begin) * 1000)
            let wake = start + t
            if wake > seconds() { usleep(UInt32((wake - seconds()) * 1e6)) }
        }
        let sorted = times.sorted()
        out.append(("scroll_median_frame_ms", .number(median(times))))
        out.append(("scroll_worst_frame_ms", .number(sorted.last ?? 0)))
        out.append(("scroll_p99_frame_ms", .number(sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * 0.99)])))
        out.append(("books_scrolled", .number(Double(app.shelf.centredIndex))))
        return out
    }
}

extension Benchmarks {
    /// The folder of ten thousand comic archives the shelf and grid cases read, made on first
    /// use in ~/.cache/folio/bench-shelf-10000 (three small JPEG pages each, forty-two
    /// different pictures) and kept while complete.
    func shelf10000() throws -> URL {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-shelf-10000")
        let fm = FileManager.default
        let done = dir.appendingPathComponent(".complete")
        guard !fm.fileExists(atPath: done.path) else { return dir }
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        var pages: [Data] = []
        try ScanGenerator.jpegPages(42, width: 120, height: 180) { _, page in pages.append(page) }
        for i in 0..<10_000 {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            let writer = try ArchiveWriter(url: dir.appendingPathComponent(String(format: "Comic %05d.cbz", i)), format: .zip)
            for p in 0..<3 { try writer.add("page\(p + 1).jpg", pages[(i + p) % pages.count]) }
            try writer.close()
        }
        _ = fm.createFile(atPath: done.path, contents: nil)
        return dir
    }

    /// `first_frame_ms` with the freedesktop thumbnail cache cold (an empty folder each
    /// launch) and warm (the folder a run left thumbnails in); Mesa's shader cache stays
    /// where it was, so only the thumbnails differ.
    public func measureFirstFrameWithThumbnails(libraryPath: String) throws -> [(String, JSONValue)] {
        let scratch = try temporaryFolder("first-frame-thumbnails")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let environment = ProcessInfo.processInfo.environment
        let mesa = environment["MESA_SHADER_CACHE_DIR"]
            ?? (environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache") + "/mesa_shader_cache"
        func launch(cache: URL, quitAfter: Double? = nil) throws -> Double {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let quit = quitAfter.map { ["--quit-after", String($0)] } ?? ["--exit-after-first-frame"]
            let (process, pipe) = offscreenChild(["view", "--library", libraryPath] + quit,
                                                 environment: ["XDG_CACHE_HOME": cache.path, "MESA_SHADER_CACHE_DIR": mesa])
            let begin = seconds()
            try process.run()
            _ = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (seconds() - begin) * 1000
        }
        var cold: [Double] = []
        for run in 0..<5 { cold.append(try launch(cache: scratch.appendingPathComponent("cold-\(run)"))) }
        // Three seconds on the shelf make the thumbnails of the covers around the centre.
        let warmCache = scratch.appendingPathComponent("warm")
        _ = try launch(cache: warmCache, quitAfter: 3)
        let warm = try (0..<5).map { _ in try launch(cache: warmCache) }
        return [("cold", .number(median(cold))), ("warm", .number(median(warm)))]
    }

    /// `covers_ms`: from a new window's first frame to the shelf's covers all drawn (the
    /// centred one and three either side, decoded in the background), median of three: with
    /// no thumbnail cache (each cover decoded from its archive), a cold one (the covers decoded
    /// from their archives, their thumbnails made once they are shown) and a warm one.
    public func measureCovers(folder: String) throws -> [(String, JSONValue)] {
        let library = try load(folder)
        let scratch = try temporaryFolder("covers")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func once(_ root: URL?) throws -> Double {
            let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true,
                                            thumbnailRoot: root?.path)
            let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
            app.update(at: 0)
            let begin = seconds()
            repeat {
                try canvas.draw(app)
                canvas.finish()
                if canvas.renderer.texturesSettled { break }
                _ = canvas.renderer.waitForTextures(timeout: 0.05)
            } while seconds() - begin < 60
            let elapsed = (seconds() - begin) * 1000
            // The thumbnails owed are made before the window goes (the warm runs read them).
            canvas.renderer.waitForChores(timeout: 60)
            return elapsed
        }
        _ = try once(nil)  // the archives into the page cache
        let none = try (0..<3).map { _ in try once(nil) }
        let cold = try (0..<3).map { run in try once(scratch.appendingPathComponent("cold-\(run)")) }
        let warm = try (0..<3).map { _ in try once(scratch.appendingPathComponent("cold-0")) }
        return [("no_cache", .number(median(none))), ("cold", .number(median(cold))), ("warm", .number(median(warm)))]
    }

    /// Fourteen comic archives whose covers are 1800×2700 JPEG scans (about what a scanned
    /// comic's are), made on first use in ~/.cache/folio/bench-covers: where covers cost their
    /// decoding, as the ten thousand small ones of the shelf case do not.
    func scanCovers() throws -> URL {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-covers")
        let done = dir.appendingPathComponent(".complete")
        guard !FileManager.default.fileExists(atPath: done.path) else { return dir }
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var small: [Data] = []
        try ScanGenerator.jpegPages(1, width: 120, height: 180) { _, page in small.append(page) }
        try ScanGenerator.jpegPages(14, width: 1800, height: 2700) { i, cover in
            let writer = try ArchiveWriter(url: dir.appendingPathComponent(String(format: "Scan %02d.cbz", i)), format: .zip)
            try writer.add("page1.jpg", cover)
            try writer.add("page2.jpg", small[0])
            try writer.close()
        }
        _ = FileManager.default.createFile(atPath: done.path, contents: nil)
        return dir
    }

    func temporaryFolder(_ what: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(what)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
