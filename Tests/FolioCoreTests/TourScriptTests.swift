import Testing
@testable import FolioCore

/// `record --tour`: the script a flip-through of one book plays, and what it shows when the
/// app plays it.
@Suite struct TourScriptTests {
    static func keys(_ script: InputScript) -> [(t: Double, key: Key)] {
        script.events.compactMap { t, e in
            if case .input(.key(let key, _)) = e { return (t, key) } else { return nil }
        }
    }

    /// The page numbers the script types, each ended by Enter after the book lies flat.
    static func typedPages(_ script: InputScript) -> [Int] {
        var pages: [Int] = [], typed = ""
        for (_, key) in keys(script).dropFirst(2) {
            if let d = key.digit { typed += String(d) } else if key == .return, let n = Int(typed) { pages.append(n); typed = "" }
        }
        return pages
    }

    @Test(arguments: [1, 12, 300])
    func eventsAreInOrderWithinTheDurationOpenReadClose(pages: Int) throws {
        let script = InputScript.tour(pageCount: pages)
        #expect(script.duration == 20)
        #expect(script.start == InputScript.Start(centred: 0))
        let keys = Self.keys(script)
        #expect(keys.count == script.events.count)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.t < $1.t })
        #expect(keys.allSatisfy { $0.t > 0 && $0.t < script.duration })
        // Enter opens, Enter lays it flat, Home shows the cover; Escape twice closes.
        #expect(keys.prefix(3).map(\.key) == [.return, .return, .home])
        #expect(keys.suffix(2).map(\.key) == [.escape, .escape])
        // The book stays open in between: nothing else closes it.
        #expect(!keys.dropFirst(3).dropLast(2).contains { [.escape, .backspace].contains($0.key) })
        // The last page by End, when there is one after the cover.
        #expect(keys.contains { $0.key == .end } == (pages > 1))
        // Every page asked for exists, and is on a spread after the cover and before the last.
        let typed = Self.typedPages(script)
        #expect(typed.allSatisfy { 1 < $0 && $0 < pages })
        #expect(typed == Array(InputScript.tourStops(pageCount: pages).dropFirst().dropLast()))
        // Each stop is shown long enough to see: at least 1.5 s from its key to the next.
        let stopKeys = keys.indices.filter { i in keys[i].key == .home || keys[i].key == .end
            || (keys[i].key == .return && i > 1) }
        for i in stopKeys { #expect(keys[i + 1].t - keys[i].t >= 1.5, "stop at \(keys[i].t) s") }
    }

    @Test func stopsAreTheCoverTwoSpreadsInTheMiddleAndTheLastPage() {
        #expect(InputScript.tourStops(pageCount: 1) == [1])
        #expect(InputScript.tourStops(pageCount: 2) == [1, 2])
        #expect(InputScript.tourStops(pageCount: 12) == [1, 4, 8, 12])
        #expect(InputScript.tourStops(pageCount: 300) == [1, 100, 200, 300])
        // A page on the last page's spread is not a stop of its own.
        #expect(InputScript.tourStops(pageCount: 3) == [1, 3])
    }

    @Test func durationScalesThePauses() {
        let short = InputScript.tour(pageCount: 300, duration: 10), long = InputScript.tour(pageCount: 300, duration: 40)
        #expect(short.duration == 10 && long.duration == 40)
        let a = Self.keys(short), b = Self.keys(long)
        #expect(a.map(\.key) == b.map(\.key))
        #expect(a.last!.t < 10 && b.last!.t < 40)
        // Longer: every gap at least as long, and the pauses on the stops much longer.
        let gaps = { (k: [(t: Double, key: Key)]) in zip(k, k.dropFirst()).map { $1.t - $0.t } }
        #expect(zip(gaps(a), gaps(b)).allSatisfy { $0 <= $1 + 1e-9 })
        #expect(b.last!.t - b.first!.t > 3 * (a.last!.t - a.first!.t))
        // Too short for the animations: squeezed, still in order and within.
        let squeezed = Self.keys(InputScript.tour(pageCount: 300, duration: 2))
        #expect(squeezed.map(\.key) == a.map(\.key))
        #expect(zip(squeezed, squeezed.dropFirst()).allSatisfy { $0.t < $1.t } && squeezed.last!.t < 2)
    }

    @Test func sizeAndFpsAreTheScripts() {
        let script = InputScript.tour(pageCount: 12, size: Size(width: 320, height: 200), fps: 10)
        #expect(script.size == Size(width: 320, height: 200) && script.fps == 10 && script.frameCount == 200)
    }

    /// Played on a book of 12 pages: the book opens, lies flat, shows the cover, spreads with
    /// pages 4 and 8, the last page, and is shut on the shelf at the end.
    @Test func playedItVisitsEveryStopFlatAndEndsOnTheShelf() {
        let script = InputScript.tour(pageCount: 12, duration: 12, size: Size(width: 640, height: 400), fps: 20)
        let app = FolioApp(library: .synthetic(books: 1, pages: 11), size: script.size)
        #expect(app.library.books[0].numbering.count == 12)
        if let start = script.start { app.begin(at: start) }
        var player = ScriptPlayer(app: app, script: script)
        var seen: [[Int]] = [], stacks: [[SceneKind]] = []
        while let (frame, t) = player.advance() {
            let trace = app.trace(frame: frame, t: t)
            if stacks.last != trace.stack { stacks.append(trace.stack) }
            if trace.transition == nil, let pages = trace.reading?.visiblePages, seen.last != pages { seen.append(pages) }
        }
        #expect(stacks.first == [.shelf] && stacks.last == [.shelf])
        #expect(stacks.contains { $0.last == .book } && stacks.contains { $0.last == .reading })
        for stop in [1, 4, 8, 12] { #expect(seen.contains { $0.contains(stop) }, "page \(stop) in \(seen)") }
        #expect(seen.contains { $0.count == 2 })
    }
}
