import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import FolioBench
import Foundation

/// Measures what a frame costs; prints one JSON object.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure frame CPU time and render time (medians); prints one JSON object.",
        discussion: "frame_cpu_us: update + draw list + meshes, microseconds. render_ms: draw and finish one 1280x800 frame with the offscreen renderer (the reading view also at 1920x1080). Build in release for meaningful numbers.")

    @OptionGroup var library: LibraryOptions
    @Option(help: "Frames measured per CPU case.") var frames = 2000
    @Option(help: "Frames measured per render case.") var renderFrames = 60
    @Flag(inversion: .prefixedNo, help: "Measure recording the built-in demo: PNG, MP4, WebM, GIF, MP4 at 1080p and 2160p (record_fps), and each stage of a frame (record_ms).") var record = true
    @Flag(help: "Measure only the recording (record_ms, record_fps).") var recordOnly = false
    @Flag(inversion: .prefixedNo, help: "Measure the library: first frame, and flipping a generated 1,000-page book of scans (about a minute).") var libraryCase = true
    @Option(help: "Leaves per second in the library flip.") var flipRate = 10.0
    @Option(help: "Also render every page of this document (a PDF or a DjVu), at 1280x800 pixels and at the page size of a 1280x800 window (document).", completion: .file(extensions: ["pdf", "djvu", "djv"])) var document: String?
    @Flag(inversion: .prefixedNo, help: "Open a folder of 10,000 comic archives (made once in ~/.cache/folio; about a minute the first time) and scroll its shelf (shelf_10000: first_frame_ms, with the thumbnail cache cold and warm, covers_ms, scroll frame times).") var shelfCase = true
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(Bench.gridHelp)) var gridCase = true
    static let gridHelp = "Pinch the shelf case's 10,000 comics into the library grid and scroll it at three screens a second, "
        + "its thumbnail cache warm (library_10000: pinch frames, covers_ms, frame_ms median, p99, worst, blank_covers; "
        + "a minute or two the first time)."
    @Flag(inversion: .prefixedNo, help: "Read a 200-page PDF and a 200-page CBZ in the reading view at one turn a second, and the CBZ with Right held from first spread to last, with both cores kept busy (reading_placeholders: blank_frames, lowres_frames; about a minute).") var readingCase = true
    @Option(help: "Turns in each book of the reading case.") var readingTurns = 20
    @Flag(inversion: .prefixedNo, help: "Scroll a generated 300-page PDF of text in continuous scroll at three screens a second, at 1280x800 and 1920x1080 (continuous_scroll: frame_ms median, p99, worst, blank_frames; about a minute).") var continuousCase = true
    @Flag(inversion: .prefixedNo, help: "Open the reading case's PDF and CBZ as `folio BOOK` does, 5 times each: process start to a page drawn whole (door.launch_to_readable_ms), and the loop's end to the process gone, at rest and mid-decode (door.quit_ms).") var door = true
    @Flag(inversion: .prefixedNo, help: "Search a generated 1,000-page PDF of text for a word on every 37th page, as / does, 5 times: the first hit (search.first_hit_ms) and every page searched (search.all_hits_ms).") var search = true
    @Flag(inversion: .prefixedNo, help: "Measure the viewer at rest on the shelf and in a book, 10 s each (idle_cpu_percent, idle_frames, rss_mb.shelf).") var idle = true
    @Flag(help: "Also measure a generated 300-page PDF, 1,000-page CBR and CB7 and a shelf of 300 PDFs: pages per second, peak memory flipping each, first frame (formats; several minutes).") var formats = false
    @Option(help: ArgumentHelp("Only flip the first book of this library and print its memory and frame times (a process of its own for --formats).", visibility: .hidden)) var flip: String?

    func validate() throws {
        try check(frames, "--frames", 1...1_000_000)
        try check(renderFrames, "--render-frames", 1...10_000)
        try check(flipRate, "--flip-rate", 0.1...120, unit: " leaves a second")
        try check(readingTurns, "--reading-turns", 1...1000)
    }

    func run() throws {
        // Ctrl+C or SIGTERM stops a long case (the flip, recording) with exit 130.
        Interrupt.install()
        let decoder = try LibraryOptions.decoder()
        let bench = Benchmarks(executable: BundledAssets.executablePath(), decoder: decoder, interrupted: { Interrupt.requested() },
                               load: { path in
            var options = LibraryOptions()
            options.library = path
            return try options.load(decoder: decoder)
        })
        if let flip {
            let members = try bench.measureFlipHere(flip, cacheBytes: library.cacheBytes, flipRate: flipRate)
            Console.output(JSONValue.object([("flip", .object(members))]).serialized())
            return
        }
        if recordOnly {
            let stages = try bench.measureRecordingStages(library: library.load(decoder: decoder))
            let rates = try bench.measureRecording(library: library.load(decoder: decoder))
            Console.output(JSONValue.object([("record_ms", .object(stages)), ("record_fps", .object(rates))]).serialized())
            return
        }
        var cpu: [(String, JSONValue)] = []
        for c in CPUCase.allCases {
            cpu.append((c.rawValue, .number(c.measure(frames: frames))))
        }
        var render: [(String, JSONValue)] = []
        render = try bench.measureRender(library: library.load(decoder: decoder), frames: renderFrames)
        render += try bench.measureReading(library: library.load(decoder: decoder), frames: renderFrames)
        var members: [(String, JSONValue)] = [("frame_cpu_us", .object(cpu)), ("render_ms", .object(render)),
                                              ("overdraw", .object(try bench.measureOverdraw(library: library.load(decoder: decoder))))]
        if record {
            members.append(("record_ms", .object(try bench.measureRecordingStages(library: library.load(decoder: decoder)))))
            members.append(("record_fps", .object(try bench.measureRecording(library: library.load(decoder: decoder)))))
        }
        // Memory (resident, proportional, private, and the private pages written) at the shelf
        // at rest and at the library flip's peak: each figure's name in the output, with the
        // flip's key for it.
        let memoryFigures = [("rss_mb", "peak_rss_mb"), ("pss_mb", "peak_pss_mb"), ("private_mb", "peak_private_mb"),
                             ("private_written_mb", "peak_private_written_mb")]
        var memory: [String: [(String, JSONValue)]] = [:]
        if libraryCase {
            let measured = try bench.measureLibrary(libraryPath: library.library, cacheBytes: library.cacheBytes, flipRate: flipRate)
            members.append(("library", .object(measured)))
            for (name, key) in memoryFigures {
                if let peak = measured.first(where: { $0.0 == key }) { memory[name, default: []].append(("flip_peak", peak.1)) }
            }
        }
        if shelfCase {
            members.append(("shelf_10000", .object(try bench.measureShelf10000(cacheBytes: library.cacheBytes))))
        }
        if gridCase {
            members.append(("library_10000", .object(try bench.measureLibraryGrid(cacheBytes: library.cacheBytes))))
        }
        if readingCase {
            members.append(("reading_placeholders",
                            .object(try bench.measureReadingFlips(cacheBytes: library.cacheBytes, turns: readingTurns))))
        }
        if continuousCase {
            members.append(("continuous_scroll", .object(try bench.measureContinuousScroll(cacheBytes: library.cacheBytes))))
        }
        if door {
            members.append(("door", .object(try bench.measureDoor())))
        }
        if search {
            members.append(("search", .object(try bench.measureSearch())))
        }
        if idle {
            let measured = try bench.measureIdle(libraryPath: library.library)
            members.append(("idle_cpu_percent", .object(measured.cpu)))
            members.append(("idle_frames", .object(measured.frames)))
            let shelf = measured.shelf
            for (name, value) in [("rss_mb", shelf.rss), ("pss_mb", shelf.pss), ("private_mb", shelf.private),
                                  ("private_written_mb", shelf.written)] {
                memory[name, default: []].insert(("shelf", .number(value)), at: 0)
            }
        }
        for (name, _) in memoryFigures {
            if let list = memory[name] { members.append((name, .object(list))) }
        }
        if let document {
            members.append(("document", .object(try bench.measurePages(document))))
        }
        if formats {
            members.append(("formats", .object(try bench.measureFormats(cacheBytes: library.cacheBytes, flipRate: flipRate))))
        }
        let result = JSONValue.object(members)
        Console.output(result.serialized())
    }
}
