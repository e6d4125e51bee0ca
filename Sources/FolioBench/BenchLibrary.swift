import FolioCore
import FolioLibrary
import FolioSDL
import Foundation

extension Benchmarks {
    /// The library benchmark: time to the first frame, and flipping a 1,000-page book of
    /// 2400×3600 JPEG scans from first page to last at 10 leaves a second with background
    /// decoding and the bounded cache, as the viewer does.
    public func measureLibrary(libraryPath: String?, cacheBytes: Int?, flipRate: Double) throws -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        out.append(("first_frame_ms", .number(try measureFirstFrame(libraryPath: libraryPath))))

        let cache = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-scans")
        let folder = try ScanGenerator.makeBook(at: cache)
        let library = try LibraryLoader.load(folder.path, decoder: decoder).library
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true,
                                        cacheBytes: cacheBytes)
        let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 2)
        out.append(("decode_pages_per_s", .number(canvas.renderer.measureDecoding(
            book: 0, count: 20, pixelSize: (Int32(layout.pageSize.width.rounded()), Int32(layout.pageSize.height.rounded()))))))
        // The flip runs in a process of its own, as the viewer would: its peak memory is the
        // flip's, not that of the benchmark's earlier cases.
        let flip = try measureFlipInChild(folder.path, cacheBytes: cacheBytes, flipRate: flipRate)
        return out + flip.filter { !["worker_peak_rss_mb", "workers"].contains($0.0) }
    }
}

extension Benchmarks {
    /// Opens the library's first book and flips it from first leaf to last at `flipRate`
    /// leaves a second, paced at 60 frames a second as the viewer is, drawing each frame with
    /// `canvas` (background decoding, its bounded cache). Peak RSS counts from the open book
    /// to the last leaf; frame times are update + draw + finish, and `frame_breakdown_ms` splits
    /// them into phases: the medians, and the means over the slowest 1 % of frames.
    public func measureFlip(library: Library, canvas: HeadlessCanvas, flipRate: Double) throws -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        let size = Size(width: 1280, height: 800)
        let app = FolioApp(library: library, size: size)
        let frame = 1.0 / 60
        let start = seconds()
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        /// One paced frame: update, draw, wait for the renderer; returns where its time went.
        func step() throws -> FramePhases {
            t += frame
            var phases = FramePhases()
            var mark = seconds()
            func lap() -> Double {
                let now = seconds()
                defer { mark = now }
                return (now - mark) * 1000
            }
            app.update(at: t)
            phases.update = lap()
            let list = app.drawList(), prefetch = app.prefetchContents(), standIns = app.standInContents()
            phases.drawList = lap()
            phases.layers = list.layers.count
            canvas.renderer.configure(pixelScale: canvas.pixelScale, windowSize: app.size)
            canvas.renderer.draw(list, prefetch: prefetch, standIns: standIns)
            let drawn = lap()
            let textures = canvas.renderer.lastTextureWork
            phases.textures = textures.seconds * 1000
            phases.uploads = textures.uploads
            phases.render = drawn - phases.textures
            canvas.finish()
            phases.finish = lap()
            phases.waiting = canvas.renderer.lastTextureWork.waiting
            phases.lowres = canvas.renderer.lastTextureWork.lowres
            phases.decoding = textures.decoding
            sleep(until: start + t)
            return phases
        }
        for _ in 0..<72 { _ = try step() }
        resetPeakRSS()
        var frames: [FramePhases] = []
        let leaves = library.books[0].displayPageCount / 2
        var nextTurn = t
        /// Each press acts as the live viewer lets it (`HeldKeys`: it may wait on its spread).
        var keys = HeldKeys()
        let canShow = canvas.renderer.canShow
        // Proportional and private memory have no kernel peak: sampled every half second,
        // between frames (outside their timing), the largest kept.
        var memory = ProcessMemory.rollup()
        while let book = app.book, book.currentLeaf < leaves - 1 || !book.isAtRest || keys.isWaiting {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            if t >= nextTurn, book.currentLeaf < leaves - 1 {
                keys.press(.key(.right), app: app, at: t, canShow: canShow) { app.handle($0, at: t) }
                nextTurn += 1 / flipRate
            }
            if let press = keys.due(app: app, at: t, canShow: canShow) { app.handle(press, at: t) }
            frames.append(try step())
            if frames.count % 30 == 0 { memory = memory.max(ProcessMemory.rollup()) }
            if frames.count > Int(Double(leaves) / flipRate * 60) + 600 { break }
        }
        let times = frames.map(\.total)
        out.append(("peak_rss_mb", .number(ProcessMemory.megabytes("VmHWM"))))
        out.append(("peak_pss_mb", .number((memory.pss * 10).rounded() / 10)))
        out.append(("peak_private_mb", .number((memory.private * 10).rounded() / 10)))
        out.append(("peak_private_written_mb", .number((memory.written * 10).rounded() / 10)))
        out.append(("median_frame_ms", .number(median(times))))
        out.append(("worst_frame_ms", .number(times.max() ?? 0)))
        let sorted = times.sorted()
        out.append(("p99_frame_ms", .number(sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * 0.99)])))
        out.append(("flip_frames", .number(Double(times.count))))
        out.append(("placeholder_frames", .number(Double(frames.filter { $0.waiting > 0 }.count))))
        // From the first spread drawn whole: frames with a placeholder, and frames with a page
        // scaled up from a smaller version.
        let shown = frames.drop { $0.waiting > 0 }
        out.append(("blank_frames", .number(Double(shown.filter { $0.waiting > 0 }.count))))
        // Where they fell: the first ten, as frame numbers of the flip.
        out.append(("blank_frame_numbers", .array(shown.indices.filter { shown[$0].waiting > 0 }.prefix(10).map { .number(Double($0)) })))
        out.append(("lowres_frames", .number(Double(shown.filter { $0.lowres > 0 }.count))))
        out.append(("frame_breakdown_ms", FramePhases.breakdown(frames)))
        return out
    }
}

/// Where one frame of the flip spent its time, milliseconds.
struct FramePhases {
    /// `FolioApp.update`: springs, turns, the book's state.
    var update = 0.0
    /// The draw list and the pages to decode next.
    var drawList = 0.0
    /// Page textures: evicting, uploading finished decodes, queueing the next.
    var textures = 0.0
    /// Meshes and draw calls handed to SDL (queued, not yet rasterised).
    var render = 0.0
    /// Until the frame is rasterised (llvmpipe runs the queued draws and hands back a pixel).
    var finish = 0.0
    /// Pages uploaded in this frame.
    var uploads = 0
    /// Layers in the draw list (pages, covers, edges).
    var layers = 0
    /// Pages drawn as placeholders, their decode not there yet.
    var waiting = 0
    /// Pages drawn scaled up from a smaller version, their decode at their size not there yet.
    var lowres = 0
    /// A page was being decoded on the worker's thread as the frame began.
    var decoding = false

    var total: Double { update + drawList + textures + render + finish }

    /// Every member of a breakdown's parts, in order.
    static let keys = phases.map(\.0) + ["layers", "pages_uploaded", "decoding", "frames", "while_decoding", "otherwise", "share_decoding"]

    static let phases: [(String, @Sendable (FramePhases) -> Double)] = [
        ("update", { $0.update }), ("draw_list", { $0.drawList }), ("uploads", { $0.textures }),
        ("render", { $0.render }), ("finish", { $0.finish }),
    ]

    /// The median of each phase, and each phase's mean over the slowest 1 % of frames (with
    /// how many pages those frames uploaded, how many layers they drew and the share begun
    /// while a page decoded); the median frame begun while a page decoded and otherwise.
    static func breakdown(_ frames: [FramePhases]) -> JSONValue {
        func rounded(_ x: Double) -> JSONValue { .number((x * 1000).rounded() / 1000) }
        var medians = phases.map { ($0.0, rounded(median(frames.map($0.1)))) }
        medians.append(("layers", rounded(median(frames.map { Double($0.layers) }))))
        let worst = frames.sorted { $0.total > $1.total }.prefix(max(1, frames.count / 100))
        let n = Double(max(worst.count, 1))
        var slowest = phases.map { name, phase in (name, rounded(worst.map(phase).reduce(0, +) / n)) }
        slowest.append(("pages_uploaded", rounded(Double(worst.map(\.uploads).reduce(0, +)) / n)))
        slowest.append(("layers", rounded(Double(worst.map(\.layers).reduce(0, +)) / n)))
        slowest.append(("decoding", rounded(Double(worst.filter(\.decoding).count) / n)))
        slowest.append(("frames", .number(Double(worst.count))))
        // The decode thread shares the cores with llvmpipe's: frames begun while it decodes,
        // against the others.
        let contention: [(String, JSONValue)] = [
            ("while_decoding", rounded(median(frames.filter(\.decoding).map(\.total)))),
            ("otherwise", rounded(median(frames.filter { !$0.decoding }.map(\.total)))),
            ("share_decoding", rounded(Double(frames.filter(\.decoding).count) / Double(max(frames.count, 1)))),
        ]
        return .object([("median", .object(medians)), ("worst_1_percent", .object(slowest)),
                        ("median_frame_by_decode", .object(contention))])
    }
}

extension Benchmarks {
    /// `folio ARGUMENTS` (this same executable) as a child process on the offscreen driver, not
    /// yet run: its stdout piped, its stderr discarded.
    public func offscreenChild(_ arguments: [String], environment: [String: String] = [:]) -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["SDL_VIDEODRIVER"] = "offscreen"
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        return (process, pipe)
    }
}

extension Benchmarks {
    /// Process start to the first presented frame of the viewer (offscreen driver), median of 5.
    public func measureFirstFrame(libraryPath: String?) throws -> Double {
        var samples: [Double] = []
        for _ in 0..<5 {
            let (process, pipe) = offscreenChild(["view", "--exit-after-first-frame"] + (libraryPath.map { ["--library", $0] } ?? []))
            let begin = seconds()
            try process.run()
            let line = pipe.fileHandleForReading.readDataToEndOfFile()
            let elapsed = (seconds() - begin) * 1000
            process.waitUntilExit()
            if String(decoding: line, as: UTF8.self).contains("first-frame") { samples.append(elapsed) }
        }
        return median(samples)
    }
}

extension Benchmarks {
    /// Resets the kernel's peak resident set (VmHWM) so the flip is measured on its own.
    public func resetPeakRSS() {
        // A failure only leaves the peak where it was: the measurement is then an upper bound.
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = OutputFile.writeAll(fd, "5")
        close(fd)
    }
}


