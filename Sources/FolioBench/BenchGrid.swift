import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import Foundation

extension Benchmarks {
    /// `library_10000`: the library grid over the shelf case's ten thousand comics, with the
    /// thumbnail cache warm (every cover's made once in ~/.cache/folio/bench-grid-thumbnails,
    /// reused while complete). `opening_*`: a book's opening from the shelf, frame by frame
    /// paced at 60 a second (its median and worst frame), beside `pinch_*`: the shelf
    /// shrinking into the grid (Down, 0.6 s) the same way, the first time and again
    /// (`pinch_again_*`), and back out (`pinch_out_worst_frame_ms`). `covers_ms`: from the
    /// grid at rest to every cover on its first screen drawn. Then the grid scrolled by a drag at three screens a second for 600
    /// frames: `frame_ms` median, p99, worst (update + draw + finish), and `blank_covers`,
    /// the covers on screen not yet drawn, summed over the frames (goal 0).
    public func measureLibraryGrid(cacheBytes: Int?) throws -> [(String, JSONValue)] {
        let dir = try shelf10000()
        let library = try load(dir.path)
        let thumbnails = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-grid-thumbnails")
        try warmThumbnails(of: library, in: thumbnails)
        let size = Size(width: 1280, height: 800)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true,
                                        cacheBytes: cacheBytes, thumbnailRoot: thumbnails.path)
        let app = FolioApp(library: library, size: size)
        app.shelf.settle(onBook: 5_000)
        let start = seconds()
        var t = 0.0
        /// One frame paced at 60 a second: its time, ms.
        func frame() throws -> Double {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            t += 1.0 / 60
            let begin = seconds()
            app.update(at: t)
            try canvas.draw(app)
            canvas.finish()
            let elapsed = (seconds() - begin) * 1000
            let wake = start + t
            if wake > seconds() { usleep(UInt32((wake - seconds()) * 1e6)) }
            return elapsed
        }
        app.update(at: t)
        // The shelf first, its covers drawn: the pinch starts from a shelf at rest.
        for _ in 0..<30 { _ = try frame() }
        _ = canvas.renderer.waitForTextures(timeout: 5)
        // The book's opening, for comparison: Enter, its frames, then Escape and the shelf again.
        app.handle(.key(.return), at: t)
        var opening: [Double] = []
        while app.transition != nil { opening.append(try frame()) }
        app.handle(.key(.escape), at: t)
        while app.transition != nil { _ = try frame() }
        for _ in 0..<30 { _ = try frame() }
        _ = canvas.renderer.waitForTextures(timeout: 5)
        app.handle(.key(.down), at: t)
        var pinch: [Double] = []
        while app.transition != nil { pinch.append(try frame()) }
        var out: [(String, JSONValue)] = []
        out.append(("opening_median_frame_ms", .number(median(opening))))
        out.append(("opening_worst_frame_ms", .number(opening.max() ?? 0)))
        out.append(("pinch_median_frame_ms", .number(median(pinch))))
        out.append(("pinch_worst_frame_ms", .number(pinch.max() ?? 0)))
        out.append(("pinch_frames", .number(Double(pinch.count))))
        guard var grid = app.navigation.top as? LibraryScene else {
            throw FolioError.outputFailed("The benchmark's library grid did not open.")
        }
        let settled = seconds()
        repeat {
            _ = try frame()
        } while blankCovers(grid, canvas.renderer) > 0 && seconds() - settled < 30
        out.append(("covers_ms", .number((seconds() - settled) * 1000)))
        // Out to the shelf and in again: the first pinch's worst frame is Mesa compiling what
        // the grid draws with for the first time; this one is the pinch itself.
        app.handle(.key(.escape), at: t)
        var back: [Double] = []
        while app.transition != nil { back.append(try frame()) }
        for _ in 0..<30 { _ = try frame() }
        app.handle(.key(.down), at: t)
        var again: [Double] = []
        while app.transition != nil { again.append(try frame()) }
        for _ in 0..<30 { _ = try frame() }
        out.append(("pinch_out_worst_frame_ms", .number(back.max() ?? 0)))
        out.append(("pinch_again_median_frame_ms", .number(median(again))))
        out.append(("pinch_again_worst_frame_ms", .number(again.max() ?? 0)))
        guard let reopened = app.navigation.top as? LibraryScene else {
            throw FolioError.outputFailed("The benchmark's library grid did not open again.")
        }
        grid = reopened
        // A drag down the rows at three screens a second.
        let step = 3 * size.height / 60
        var point = Point(x: size.width / 2, y: size.height - 20)
        app.handle(.pointerDown(point), at: t)
        var times: [Double] = [], blank = 0, blankFrames = 0
        for _ in 0..<600 {
            point.y -= step
            app.handle(.pointerMoved(point), at: t)
            times.append(try frame())
            let missing = blankCovers(grid, canvas.renderer)
            blank += missing
            if missing > 0 { blankFrames += 1 }
        }
        app.handle(.pointerUp(point), at: t)
        let sorted = times.sorted()
        out.append(("frame_median_ms", .number(median(times))))
        out.append(("frame_p99_ms", .number(sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * 0.99)])))
        out.append(("frame_worst_ms", .number(sorted.last ?? 0)))
        out.append(("blank_covers", .number(Double(blank))))
        out.append(("blank_frames", .number(Double(blankFrames))))
        out.append(("books_passed", .number(Double(grid.visibleSlots.first ?? 0))))
        return out
    }

    /// Covers on screen in `grid` that `renderer` cannot draw yet (placeholders).
    private func blankCovers(_ grid: LibraryScene, _ renderer: Renderer) -> Int {
        grid.visibleSlots.filter { !renderer.canShow(.cover(book: grid.book(inSlot: $0))) }.count
    }

    /// Every book's cover thumbnail in `root` (the freedesktop layout), at the grid's size,
    /// made once and kept while complete.
    private func warmThumbnails(of library: Library, in root: URL) throws {
        let done = root.appendingPathComponent(".complete-\(library.books.count)")
        guard !FileManager.default.fileExists(atPath: done.path) else { return }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let thumbnails = CoverThumbnails(root: root.path, writes: true, decoder: decoder)
        for book in library.books {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            if let cover = book.cover { try thumbnails.warm(cover) }
        }
        _ = FileManager.default.createFile(atPath: done.path, contents: nil)
    }
}
