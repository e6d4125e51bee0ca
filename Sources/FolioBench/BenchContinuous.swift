import FolioCore
import FolioLibrary
import FolioSDL
import FolioSamples
import Foundation

extension Benchmarks {
    /// Continuous scroll (`continuous_scroll`): a generated 300-page PDF of text opened as
    /// `folio BOOK` opens it (its pages one under another at their width), at 1280×800 and
    /// 1920×1080, scrolled by the wheel at three screens a second for `seconds` seconds in
    /// touchpad-sized steps, one a frame, paced at 60 frames a second with background
    /// decoding. Each frame's update, draw list and draw (finished): median, p99 and worst, in
    /// ms; `blank_frames` counts the frames after the first screen that drew any page as a
    /// placeholder (`blank_frame_numbers`: the first 20 of them, counted from that screen).
    /// Then page 200 is typed: `jump_readable_ms` until it is drawn whole at rest. The book is made
    /// on first use in ~/.cache/folio/bench-continuous.
    public func measureContinuousScroll(cacheBytes: Int?, seconds scrolling: Double = 8) throws -> [(String, JSONValue)] {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-continuous")
        let pdf = dir.appendingPathComponent("text-300.pdf")
        if !FileManager.default.fileExists(atPath: pdf.path) {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let text = Dictionary(uniqueKeysWithValues: (0..<300).map { page in
                (page, (1...12).map { "Page \(page + 1), line \($0): words that run across the page" })
            })
            try PDFWriter.document(pages: 300, width: 595, height: 842, title: "Three hundred pages", text: text).write(to: pdf)
        }
        var out: [(String, JSONValue)] = []
        for (width, height) in [(1280, 800), (1920, 1080)] {
            let library = try load(pdf.path)
            let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: width, height: height, backgroundDecoding: true,
                                            cacheBytes: cacheBytes)
            out.append(("\(width)x\(height)", .object(try scroll(library: library, canvas: canvas,
                                                                 size: Size(width: Double(width), height: Double(height)),
                                                                 for: scrolling))))
        }
        return out
    }

    private func scroll(library: Library, canvas: HeadlessCanvas, size: Size, for scrolling: Double) throws -> [(String, JSONValue)] {
        let app = Self.openedAsBook(library, size: size)
        let frame = 1.0 / 60
        let start = seconds()
        var t = 0.0
        var firstScreen: Double?
        var samples: [Double] = []
        var blank: [Int] = []
        // Three screens a second, in wheel notches (a notch scrolls `ReadingScene.wheelStep`
        // points at 1280×800): a touchpad's small steps, one a frame.
        let unit = app.size.layoutUnit
        let notchesPerFrame = 3 * app.size.height * frame / (ReadingScene.wheelStep * unit)
        while t < 30 + scrolling {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            t += frame
            let began = seconds()
            if let first = firstScreen, t - first < scrolling { app.handle(.wheel(dx: 0, dy: -notchesPerFrame), at: t) }
            app.update(at: t)
            drawAsLive(app, on: canvas)
            let work = canvas.renderer.lastTextureWork
            if let first = firstScreen {
                guard t - first < scrolling else { break }
                samples.append((seconds() - began) * 1000)
                if work.waiting > 0 { blank.append(samples.count) }
            } else if app.reading?.isContinuous == true, app.transition == nil, work.waiting == 0 {
                firstScreen = t
            }
            sleep(until: start + t)
        }
        let scrolled = app.reading?.place.page ?? 0
        // A jump: page 200 typed and Enter, timed until the page is drawn whole at its size and
        // the view rests there.
        for key in [Key.two, .zero, .zero, .return] { app.handle(.key(key), at: t) }
        let pressed = t
        var readable: Double?
        while t < pressed + 5, readable == nil {
            t += frame
            app.update(at: t)
            drawAsLive(app, on: canvas)
            let work = canvas.renderer.lastTextureWork
            if let reading = app.reading, reading.isAtRest, reading.place.page == 199, work.waiting == 0, work.lowres == 0 {
                readable = t - pressed
            }
            sleep(until: start + t)
        }
        let sorted = samples.sorted()
        let p99 = sorted.isEmpty ? 0 : sorted[min(Int((Double(sorted.count) * 0.99).rounded(.up)) - 1, sorted.count - 1)]
        return [("frames", .number(Double(samples.count))), ("frame_ms_median", .number(median(samples))),
                ("frame_ms_p99", .number(p99)), ("frame_ms_worst", .number(sorted.last ?? 0)),
                ("blank_frames", .number(Double(blank.count))),
                ("blank_frame_numbers", .array(blank.prefix(20).map { .number(Double($0)) })),
                ("first_screen_ms", .number((firstScreen ?? .infinity) * 1000)),
                ("pages_scrolled", .number(Double(scrolled))), ("jump_readable_ms", .number((readable ?? .infinity) * 1000))]
    }
}
