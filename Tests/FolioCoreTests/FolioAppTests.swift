import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The whole flow through FolioApp: keys, the wheel pinch and the book-opening transition
/// (SPEC §3–4), driven at 60 frames per second.
@Suite struct FolioAppTests {
    static let dt = FixedStep.dt

    static func wheel(_ times: [Double], dy: Double, _ modifiers: Modifiers = []) -> [(t: Double, event: InputEvent)] {
        times.map { ($0, InputEvent.wheel(dx: 0, dy: dy, modifiers: modifiers)) }
    }

    /// No NaN or infinity anywhere: JSONValue writes non-finite numbers as null, and only
    /// "transition" and "book" may legitimately be null.
    static func hasOnlyFiniteNumbers(_ trace: String) -> Bool {
        let cleaned = trace.replacingOccurrences(of: "\"transition\":null", with: "")
            .replacingOccurrences(of: "\"book\":null", with: "")
        return !cleaned.contains("null") && !cleaned.lowercased().contains("nan") && !cleaned.contains("inf")
    }

    // MARK: Keys

    @Test func enterOpensTheBookWithTheSpring() {
        let s = AppDriver()
        s.send(.key(.return))
        #expect(s.app.transition?.operation == .push && s.state == .animating)
        let trace = s.app.trace(frame: 0, t: 0)
        #expect(trace.transition?.operation == .push && trace.transition?.state == .animating)
        #expect(trace.json.serialized().contains("\"transition\":{\"operation\":\"push\",\"state\":\"animating\""))
        #expect(!s.app.pose.showsCentredCover)
        var end: Double?
        var opennessError = 0.0, fadeError = 0.0
        s.run(until: 1.05) { t in
            guard s.app.transition != nil else {
                if end == nil { end = t }
                return
            }
            let x = Reference.pushSpring(t)
            opennessError = max(opennessError, abs((s.app.book == nil ? -1 : s.app.pose.openness) - x))
            fadeError = max(fadeError, abs(s.app.pose.otherCoversOpacity - min(max(1 - x, 0), 1)))
        }
        #expect(opennessError < 1e-6 && fadeError < 1e-6)
        #expect(s.kinds == [.shelf, .book] && s.app.transition == nil)
        #expect(s.app.pose.openness == 1 && s.app.pose.showsBookBackground)
        #expect(end.map { $0 >= 1 - 1e-9 && $0 <= 1 + Self.dt + 1e-9 } == true)
        // The open book is drawn alone.
        #expect(!s.app.drawList().layers.contains { if case .cover = $0.content { true } else { false } })
    }

    @Test func shelfStaysVisibleUnderTheOpeningBook() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 0.1)
        let contents = s.app.drawList().layers.map(\.content)
        #expect(contents.contains(.cover(book: 1)))          // a neighbour, fading
        #expect(!contents.contains(.cover(book: 0)))         // the selected cover is hidden
        #expect(contents.contains(.page(book: 0, page: 0)))  // the book, on top
    }

    @Test func escapeClosesWithEaseInOut() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.2)
        let t0 = s.now
        s.send(.key(.escape))
        #expect(s.app.transition?.operation == .pop && s.state == .animating)
        var error = 0.0
        s.run(until: t0 + 1.05) { t in
            guard s.app.transition != nil, s.app.book != nil else { return }
            error = max(error, abs(s.app.pose.openness - (1 - Reference.easeInOut(t - t0))))
        }
        #expect(error < 1e-6)
        #expect(s.kinds == [.shelf] && s.app.transition == nil && s.app.book == nil)
        #expect(s.app.pose.showsCentredCover && s.app.pose.otherCoversOpacity == 1)
    }

    @Test func clickingASideBookCentresItAndClickingTheCentreOpensIt() {
        let s = AppDriver()
        s.send(.pointerDown(Point(x: 1012, y: 400)))
        s.send(.pointerUp(Point(x: 1012, y: 400)))
        #expect(s.app.transition == nil && s.app.shelf.scroller.target == 372)
        s.run(until: 1.5)
        #expect(s.app.shelf.position == 372 && s.app.shelf.centredIndex == 1)
        s.send(.pointerDown(Point(x: 640, y: 400)))
        s.send(.pointerUp(Point(x: 640, y: 400)))
        #expect(s.app.transition?.operation == .push && s.app.book?.bookIndex == 1)
    }

    /// A drag across both pages turns one leaf (offset gain W / (2 · page width)); release
    /// picks the leaf by velocity, else by the nearer one.
    @Test(arguments: [(-300.0, 0.06, 0.0, 1), (-100.0, 0.5, 0.0, 0), (-400.0, 0.5, 0.0, 1), (300.0, 0.06, 1.0, 0)])
    func draggingInTheBookTurnsALeaf(dx: Double, hold: Double, startLeaf: Double, leaf: Int) {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.2)
        s.firstSpread()
        if startLeaf > 0 {
            s.send(.key(.right))
            s.run(until: 3)
        }
        let book = s.app.book!
        #expect(book.offset == startLeaf * 1280)
        let gain = 1280.0 / (2 * 362)
        let t0 = s.now, start = Point(x: 700, y: 400), end = Point(x: 700 + dx, y: 400)
        s.app.handle(.pointerDown(start), at: t0)
        s.app.handle(.pointerMoved(Point(x: 700 + dx / 2, y: 400)), at: t0 + 0.02)
        s.app.handle(.pointerMoved(end), at: t0 + 0.04)
        #expect(abs(book.offset - (startLeaf * 1280 - dx * gain)) < 1e-9)
        s.app.handle(.pointerUp(end), at: t0 + 0.04 + hold)
        #expect(book.scroller.target == Double(leaf) * 1280)
        s.run(until: t0 + 3)
        #expect(book.offset == Double(leaf) * 1280 && book.isAtRest && s.kinds == [.shelf, .book])
    }

    // MARK: The wheel pinch (timelines in PinchTimelineTests)

    @Test func ctrlWheelIsTheSameAsTheWheel() {
        func traces(_ modifiers: Modifiers) -> [String] {
            let s = AppDriver()
            s.recording = true
            let events = Self.wheel([0, 0.06, 0.12], dy: 1, modifiers) + Self.wheel([2, 2.06, 2.12, 2.18], dy: -1, modifiers)
            s.run(until: 4, events: events)
            return s.traces
        }
        let plain = traces([]), ctrl = traces(.ctrl)
        #expect(plain.count == 240)
        #expect(plain == ctrl)
        #expect(plain.contains { $0.contains("\"stack\":[\"shelf\",\"book\"],\"transition\":null") }) // it did open
        #expect(plain.last?.contains("\"stack\":[\"shelf\"],\"transition\":null") == true)         // and close
    }

    @Test func enterMidGestureFinishesTheOpening() {
        let s = AppDriver()
        s.run(until: 0.1, events: Self.wheel([0], dy: 1))
        s.send(.key(.return))
        #expect(s.state == .finishing)
        s.run(until: 2)
        #expect(s.kinds == [.shelf, .book] && s.app.pose.openness == 1)
    }

    // MARK: Robustness

    static func storm(seed: UInt64, count: Int) -> [(t: Double, event: InputEvent)] {
        var g = SplitMix64(seed: seed)
        var t = 0.0
        var events: [(t: Double, event: InputEvent)] = []
        let sizes = [Size(width: 1280, height: 800), Size(width: 800, height: 600), Size(width: 320, height: 240)]
        for _ in 0..<count {
            t += Double.random(in: 0...0.12, using: &g)
            let point = Point(x: Double.random(in: 0...1280, using: &g), y: Double.random(in: 0...800, using: &g))
            switch Int.random(in: 0..<100, using: &g) {
            case 0..<10: events.append((t, .key(.return)))
            case 10..<20: events.append((t, .key(.escape)))
            case 20..<24: events.append((t, .key(.space)))
            case 24..<28: events.append((t, .key(.backspace)))
            case 28..<32: events.append((t, .key([.left, .right, .home, .end].randomElement(using: &g)!)))
            case 32..<50:
                events.append((t, .pointerDown(point)))
                events.append((t, .pointerUp(point)))
            case 50..<80:
                let dy = Bool.random(using: &g) ? 1.0 : -1.0
                let modifiers: Modifiers = Int.random(in: 0..<4, using: &g) == 0 ? .ctrl : []
                events.append((t, .wheel(dx: 0, dy: dy * Double.random(in: 0.3...1.5, using: &g), modifiers: modifiers)))
            case 80..<85: events.append((t, .wheel(dx: Bool.random(using: &g) ? 1 : -1, dy: 0)))
            case 85..<93:
                events.append((t, .pointerDown(point)))
                for k in 1...4 {
                    events.append((t + 0.02 * Double(k), .pointerMoved(Point(x: point.x - 60 * Double(k), y: point.y))))
                }
                t += 0.1
                events.append((t, .pointerUp(Point(x: point.x - 240, y: point.y))))
            case 93..<96: events.append((t, .pointerLeft))
            default: events.append((t, .resize(sizes.randomElement(using: &g)!)))
            }
        }
        return events
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func stormsAlwaysSettle(seed: UInt64) {
        let s = AppDriver()
        s.recording = true
        let events = Self.storm(seed: seed, count: 300)
        // Two seconds to settle, then the page numbers' hold and fade.
        s.run(until: events.last!.t + 2 + OnScreenText.pageHoldTime + OnScreenText.fadeTime, events: events)
        #expect(s.kinds == [.shelf] || s.kinds == [.shelf, .book] || s.kinds == [.shelf, .book, .reading])
        #expect(s.app.transition == nil)
        // What is drawn at rest: the open book alone, or every cover fully opaque.
        let list = s.app.drawList()
        let covers = list.layers.filter { if case .cover = $0.content { return true } else { return false } }
        if s.kinds.count > 1 {
            #expect(s.app.pose == (s.kinds.count == 3 ? .reading : .open) && covers.isEmpty && !list.layers.isEmpty)
        } else {
            #expect(s.app.book == nil && s.app.pose == .shelf)
            #expect(!covers.isEmpty && covers.count == list.layers.count && covers.allSatisfy { $0.opacity == 1 })
        }
        #expect(s.app.isAtRest)
        // At rest the shelf sits on a book and the open book on a spread.
        let p = s.app.shelf.position / s.app.shelf.layout.stride
        #expect(abs(p - p.rounded()) < 1e-9, "shelf at \(s.app.shelf.position)")
        if let book = s.app.book {
            let leaf = book.offset / book.layout.size.width
            #expect(abs(leaf - leaf.rounded()) < 1e-9, "book at offset \(book.offset)")
        }
        #expect(s.traces.allSatisfy(Self.hasOnlyFiniteNumbers))
    }

    @Test func transitionsWorkInATinyWindow() {
        let s = AppDriver(size: Size(width: 320, height: 240))
        s.recording = true
        s.send(.key(.return))
        s.run(until: 1.2)
        #expect(s.kinds == [.shelf, .book] && s.app.pose.openness == 1)
        s.run(until: 3, events: Self.wheel([1.3, 1.36, 1.42, 1.48], dy: -1))
        #expect(s.kinds == [.shelf] && s.app.transition == nil)
        s.run(until: 5, events: Self.wheel([3.1, 3.16, 3.22], dy: 1))
        #expect(s.kinds == [.shelf, .book] && s.app.pose.openness == 1)
        #expect(s.traces.allSatisfy(Self.hasOnlyFiniteNumbers))
    }

    @Test(arguments: [Size(width: 800, height: 600), Size(width: 320, height: 240), Size(width: 2560, height: 1600)])
    func resizeMidTransitionEndsAtRest(size: Size) {
        let s = AppDriver()
        s.recording = true
        s.send(.key(.return))
        s.run(until: 1.5, events: [(0.4, .resize(size))])
        #expect(s.kinds == [.shelf, .book] && s.app.transition == nil && s.app.pose.openness == 1)
        #expect(s.app.size == size && s.app.book?.size == size && s.app.shelf.size == size)
        // A pinch shut with a resize back in the middle.
        let events = Self.wheel([1.6, 1.66, 1.72, 1.78], dy: -1) + [(1.75, InputEvent.resize(Size(width: 1280, height: 800)))]
        s.run(until: 3.5, events: events.sorted { $0.t < $1.t })
        #expect(s.kinds == [.shelf] && s.app.transition == nil && s.app.isAtRest)
        #expect(s.app.shelf.position == 0)
        #expect(s.traces.allSatisfy(Self.hasOnlyFiniteNumbers))
    }

    /// The trace is one struct: every line written (shelf, opening, open, zoomed reading view)
    /// decodes back to the frame it was written from, to 6 decimals.
    @Test func everyTraceLineDecodesToItsFrame() throws {
        let s = AppDriver()
        var frames: [TraceFrame] = []
        var writer = TraceWriter { _ in }
        func take() throws {
            let frame = s.app.trace(frame: frames.count, t: s.now)
            frames.append(frame)
            try writer.write(frame)
        }
        try take()
        s.send(.key(.return))
        s.run(until: 0.4)
        try take()
        s.run(until: 1.2)
        s.send(.key(.return))
        s.run(until: 1.8)
        s.send(.key(.equals))
        s.run(until: 2.2)
        try take()
        #expect(frames.last?.book?.zoom != nil && frames.last?.stack == [.shelf, .book, .reading])
        for frame in frames {
            let line = frame.json.serialized()
            let decoded = try JSONDecoder().decode(TraceFrame.self, from: Data(line.utf8))
            #expect(decoded.json.serialized() == line)
        }
    }
}
