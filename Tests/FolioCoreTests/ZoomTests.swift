import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Zoom and pan in the open book, frame by frame at 60 fps: Ctrl+wheel (a touchpad's pinch)
/// past fully open, the zoom keys and a double-click in the middle third zoom about the
/// pointer; a drag pans, clamped; Ctrl+wheel back down unzooms first and closes only on a
/// later gesture (docs/USING.md, "Zoom").
@Suite struct ZoomTests {
    static let window = Size(width: 1280, height: 800)

    /// The centred book open and laid flat in the reading view, where zoom lives.
    static func openBook() -> AppDriver {
        let driver = AppDriver()
        driver.send(.key(.return))
        driver.run(until: 1.2)
        driver.firstSpread()
        driver.send(.key(.return))
        driver.run(until: 1.8)
        return driver
    }

    static func notches(_ times: [Double], dy: Double) -> [(t: Double, event: InputEvent)] {
        times.map { ($0, InputEvent.wheel(dx: 0, dy: dy, modifiers: .ctrl)) }
    }

    /// The zoomed spread leaves no empty window beyond its edges: wider than the window along
    /// an axis, it covers it; narrower, it stays inside it. (The reading view's window is its
    /// viewport: the window above the line under the pages.)
    static func isClamped(_ z: ScreenTransform, spread: Rect, window: Size) -> Bool {
        func axis(_ low: Double, _ high: Double, _ extent: Double) -> Bool {
            let a = z.scale * low + (low == spread.origin.x ? z.offset.x : z.offset.y)
            let b = z.scale * high + (low == spread.origin.x ? z.offset.x : z.offset.y)
            return b - a >= extent ? a <= 1e-9 && b >= extent - 1e-9 : a >= -1e-9 && b <= extent + 1e-9
        }
        return axis(spread.origin.x, spread.origin.x + spread.size.width, window.width)
            && axis(spread.origin.y, spread.origin.y + spread.size.height, window.height)
    }

    @Test func theWheelPastOpenZoomsAboutThePointerSmoothly() throws {
        let s = Self.openBook()
        // Where the clamp leaves the zoom free (at 1.41× the spread is just taller than the window).
        let pointer = Point(x: 700, y: 400)
        s.send(.pointerMoved(pointer))
        let book = try #require(s.app.reading)
        let start = s.now
        var scales: [Double] = []
        var drift = 0.0
        s.run(until: start + 1, events: Self.notches([start + 0.05, start + 0.1], dy: 1)) { _ in
            let z = book.zoom.current
            scales.append(z.scale)
            // The spread point under the pointer stays under it all the way.
            let p = z.unapply(pointer)
            drift = max(drift, abs(p.x - pointer.x), abs(p.y - pointer.y))
            #expect(s.app.transition == nil)
        }
        #expect(s.kinds == [.shelf, .book, .reading])
        #expect(abs(book.zoom.current.scale - 2) < 1e-9 && book.zoom.target == book.zoom.current)
        #expect(drift < 1e-9)
        // It glides: rising, never in one jump, and resting within 0.25 s of the last notch.
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $1 >= $0 - 1e-12 && $1 - $0 < 0.2 })
        let settled = try #require(scales.firstIndex { abs($0 - 2) < 1e-12 })
        #expect(Double(settled + 1) * FixedStep.dt <= 0.1 + BookZoom.duration + FixedStep.dt + 1e-9)
        // More notches stop at 4×.
        s.run(until: start + 2, events: Self.notches((0..<6).map { start + 1.1 + 0.05 * Double($0) }, dy: 1))
        #expect(book.zoom.current.scale == BookZoom.maxScale)
        #expect(Self.isClamped(book.zoom.current, spread: book.zoom.spread, window: book.viewport))
    }

    /// Ctrl+wheel down zooms back out to the whole page, and the same roll carries on into
    /// the move back to the 3D book, following the wheel; rolling up again mid-way cancels it.
    @Test func theWheelDownUnzoomsThenCarriesOnBackTo3D() throws {
        let s = Self.openBook()
        let start = s.now
        s.run(until: start + 1, events: Self.notches([start + 0.05, start + 0.1], dy: 1))
        let book = try #require(s.app.reading)
        #expect(book.zoom.isZoomed)
        // Two notches down bring the zoom back; the third starts back to the 3D book.
        s.run(until: start + 1.2, events: Self.notches([start + 1.05, start + 1.1], dy: -1))
        #expect(!book.zoom.isZoomed && s.app.transition == nil)
        s.run(until: start + 1.2 + FixedStep.dt, events: Self.notches([start + 1.15], dy: -1))
        #expect(s.app.transition?.operation == .pop && s.app.transition?.context.from === book)
        #expect(abs((s.app.transition?.progress ?? 0) - PinchGesture.notchProgress) < 1e-9, "it follows the wheel")
        // Rolled back up at once: it cancels, the book stays flat.
        s.run(until: start + 2.5, events: Self.notches([start + 1.25], dy: 1))
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.transition == nil)
        // A quick flick of six notches down from a zoom: back out, then on to the 3D book.
        let t = s.now + 0.5
        s.run(until: t + 0.5, events: Self.notches([t, t + 0.05], dy: 1))
        #expect(book.zoom.isZoomed)
        s.run(until: t + 3, events: Self.notches((0..<6).map { t + 0.6 + 0.05 * Double($0) }, dy: -1))
        #expect(s.kinds == [.shelf, .book] && s.app.transition == nil)
    }

    @Test(arguments: [
        ([InputEvent.key(.equals, .ctrl), .key(.equals, [.ctrl, .shift])], InputEvent.key(.zero, .ctrl)),
        ([.key(.plus), .key(.keypadPlus)], .key(.zero)),
        ([.key(.equals), .key(.equals)], .key(.keypadZero)),
    ])
    func zoomKeysAndCtrlZero(zoomIn: [InputEvent], reset: InputEvent) throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        for key in zoomIn { s.send(key) }
        s.run(until: s.now + 0.5)
        #expect(abs(book.zoom.current.scale - 2) < 1e-9)
        s.send(.key(.minus))
        s.run(until: s.now + 0.5)
        #expect(abs(book.zoom.current.scale - BookZoom.stepFactor) < 1e-9)
        s.send(reset)
        s.run(until: s.now + 0.5)
        #expect(book.zoom.current == .identity && s.kinds == [.shelf, .book, .reading] && book.book.currentLeaf == 0)
        // Without a pointer, keys zoom about the window's centre (at 1.41×, where the clamp
        // leaves it be).
        s.send(.key(.equals))
        s.run(until: s.now + 0.5)
        let centre = book.zoom.current.unapply(Point(x: 640, y: 400))
        #expect(abs(centre.x - 640) < 1e-9 && abs(centre.y - 400) < 1e-9)
    }

    @Test func aDragPansTheZoomedSpreadClampedAndTurnsNoLeaf() throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        for _ in 0..<4 { s.send(.key(.equals)) }
        s.run(until: s.now + 0.5)
        let before = book.zoom.current
        // A small drag moves the spread with the pointer.
        let t0 = s.now
        s.run(until: t0 + 0.3, events: [
            (t0 + 0.02, .pointerDown(Point(x: 600, y: 400))),
            (t0 + 0.04, .pointerMoved(Point(x: 640, y: 430))),
            (t0 + 0.06, .pointerMoved(Point(x: 660, y: 440))),
            (t0 + 0.08, .pointerUp(Point(x: 660, y: 440))),
        ])
        #expect(abs(book.zoom.current.offset.x - before.offset.x - 60) < 1e-9)
        #expect(abs(book.zoom.current.offset.y - before.offset.y - 40) < 1e-9)
        #expect(book.book.offset == 0 && book.book.scroller.target == 0)
        // Far drags every way stop at the spread's edges.
        for (dx, dy) in [(5000.0, 5000.0), (-5000, -5000), (5000, -5000), (-5000, 5000)] {
            let t = s.now
            s.run(until: t + 0.3, events: [
                (t + 0.02, .pointerDown(Point(x: 640, y: 400))),
                (t + 0.04, .pointerMoved(Point(x: 640 + dx, y: 400 + dy))),
                (t + 0.06, .pointerUp(Point(x: 640 + dx, y: 400 + dy))),
            ])
            let z = book.zoom.current
            #expect(Self.isClamped(z, spread: book.zoom.spread, window: book.viewport))
            // Against the edge: one of the spread's sides lies on the window's.
            let left = z.scale * book.zoom.spread.origin.x + z.offset.x
            let right = z.scale * (book.zoom.spread.origin.x + book.zoom.spread.size.width) + z.offset.x
            #expect(abs(dx > 0 ? left : right - 1280) < 1e-9)
        }
        #expect(book.book.offset == 0 && book.book.currentLeaf == 0 && s.app.isAtRest)
    }

    @Test func aDoubleClickZoomsAndDoesNotTurnAndASecondOneZoomsBackOut() throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        let p = Point(x: 700, y: 400)
        func doubleClick(at t: Double) -> [(t: Double, event: InputEvent)] {
            [(t, .pointerDown(p)), (t + 0.05, .pointerUp(p)), (t + 0.15, .pointerDown(p)), (t + 0.2, .pointerUp(p))]
        }
        let t0 = s.now
        s.run(until: t0 + 1, events: doubleClick(at: t0 + 0.1))
        #expect(book.book.scroller.target == 0 && book.book.offset == 0)
        #expect(book.zoom.current.scale == BookZoom.doubleClickScale)
        s.run(until: t0 + 2, events: doubleClick(at: t0 + 1.1))
        #expect(book.book.scroller.target == 0 && book.zoom.current == .identity && s.app.isAtRest)
    }

    @Test func aSingleClickStillTurnsOnceTheDoubleClickIntervalHasPassed() throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        let t0 = s.now
        var turnedAt: Double?
        s.run(until: t0 + 1, events: [(t0 + 0.1, .pointerDown(Point(x: 800, y: 400))), (t0 + 0.15, .pointerUp(Point(x: 800, y: 400)))]) { t in
            if turnedAt == nil, book.book.scroller.target == 1280 { turnedAt = t }
        }
        let turned = try #require(turnedAt)
        #expect(turned > t0 + 0.15 + DoubleClickRecognizer.interval - 1e-9)
        #expect(turned <= t0 + 0.15 + DoubleClickRecognizer.interval + FixedStep.dt + 1e-9)
        // Two clicks farther apart than the interval are two turns.
        let t1 = s.now
        s.run(until: t1 + 2, events: [
            (t1, .pointerDown(Point(x: 800, y: 400))), (t1 + 0.05, .pointerUp(Point(x: 800, y: 400))),
            (t1 + 0.45, .pointerDown(Point(x: 800, y: 400))), (t1 + 0.5, .pointerUp(Point(x: 800, y: 400))),
        ])
        #expect(book.book.scroller.target == 3 * 1280 && book.zoom.current == .identity)
    }

    @Test func aPageKeyTurnsWhileZoomedAndGoesBackToTheWholeSpread() throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        s.send(.pointerMoved(Point(x: 900, y: 300)))
        s.send(.key(.equals))
        s.send(.key(.equals))
        s.run(until: s.now + 0.5)
        #expect(book.zoom.isZoomed)
        s.send(.key(.right))
        s.run(until: s.now + 1.5)
        #expect(book.book.currentLeaf == 1 && book.zoom.current == .identity && book.isAtRest)
        // A click while zoomed turns by the half of the spread it lands on, wherever the zoom put it.
        s.send(.pointerMoved(Point(x: 620, y: 300)))
        for _ in 0..<4 { s.send(.key(.equals)) }
        s.run(until: s.now + 0.5)
        let z = book.zoom.current
        // Zoomed 4× about (620, 300), a point of the left page just before the spine shows
        // right of the window's middle.
        let leftPage = z.apply(Point(x: 635, y: 400))
        #expect(leftPage.x > 640 && leftPage.x < 1280, "\(z)")
        let t = s.now
        s.run(until: t + 1.5, events: [(t, .pointerDown(leftPage)), (t + 0.05, .pointerUp(leftPage))])
        #expect(book.book.currentLeaf == 0)
    }

    @Test(arguments: [Size(width: 800, height: 600), Size(width: 320, height: 240), Size(width: 2560, height: 1000)])
    func aResizeKeepsTheZoomValid(size: Size) throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        s.send(.pointerMoved(Point(x: 1200, y: 100)))
        for _ in 0..<4 { s.send(.key(.equals)) }
        s.run(until: s.now + 0.5)
        let before = book.zoom.current
        // The spread point at the window's centre, as a fraction of the spread.
        func centreFraction(_ z: ScreenTransform, _ spread: Rect, _ window: Size) -> Point {
            let p = z.unapply(Point(x: window.width / 2, y: window.height / 2))
            return Point(x: (p.x - spread.origin.x) / spread.size.width, y: (p.y - spread.origin.y) / spread.size.height)
        }
        let fraction = centreFraction(before, book.zoom.spread, Self.window)
        s.send(.resize(size))
        s.run(until: s.now + 0.1)
        let z = book.zoom.current
        #expect(z.scale == BookZoom.maxScale && z == book.zoom.target)
        #expect(Self.isClamped(z, spread: book.zoom.spread, window: book.viewport))
        // Unless the clamp moved it, the same place of the spread stays in the middle.
        let after = centreFraction(z, book.zoom.spread, size)
        #expect(abs(after.x - fraction.x) < 0.2 && abs(after.y - fraction.y) < 0.2)
    }

    @Test func theTraceNamesTheZoomOnlyWhileZoomed() throws {
        let s = Self.openBook()
        // (The reading object names the zoom relative to the fit at all times; the book's own
        // zoom object shows only while zoomed.)
        #expect(s.app.trace(frame: 0, t: 0).book?.zoom == nil && !s.app.trace(frame: 0, t: 0).json.serialized().contains("\"zoom\":{"))
        s.send(.key(.equals))
        s.run(until: s.now + 0.1)
        #expect(s.app.trace(frame: 0, t: 0).book?.zoom?.target == BookZoom.stepFactor)
        #expect(s.app.trace(frame: 0, t: 0).json.serialized().contains("\"zoom\":{\"scale\":"))
        s.send(.key(.zero))
        s.run(until: s.now + 0.5)
        #expect(!s.app.trace(frame: 0, t: 0).json.serialized().contains("\"zoom\":{"))
        // The draw list carries the zoom on every layer only while zoomed.
        // (Flat pages are drawn larger than the 3D book's: their textures are made larger.)
        let flat = try #require(s.app.book?.layout.readingScale)
        #expect(flat > 1.2)
        #expect(s.app.drawList().layers.allSatisfy { $0.screen == .identity } && s.app.drawList().magnification == flat)
        s.send(.key(.equals))
        s.run(until: s.now + 0.5)
        let list = s.app.drawList()
        #expect(list.layers.allSatisfy { $0.screen.scale == BookZoom.stepFactor } && abs(list.magnification - BookZoom.stepFactor * flat) < 1e-12)
    }

    /// Zoomed pages are large: only the spread on screen is made ahead, no neighbours and no covers.
    @Test func whileZoomedOnlyTheSpreadIsMadeAhead() throws {
        let s = Self.openBook()
        s.send(.key(.right))
        // At rest (a turning book also makes ready the spreads further the way it turns).
        s.run(until: s.now + 2)
        #expect(s.app.book?.isTurning == false)
        let whole = s.app.prefetchContents()
        #expect(whole.contains(.page(book: 0, page: 7)) && whole.contains(.cover(book: 1)))
        s.send(.key(.equals))
        s.run(until: s.now + 0.5)
        #expect(s.app.prefetchContents() == [.page(book: 0, page: 3), .page(book: 0, page: 4)])
        s.send(.key(.zero))
        s.run(until: s.now + 0.5)
        #expect(s.app.prefetchContents() == whole)
    }

    /// Random zooms, pans, clicks, double-clicks, page keys and resizes in the open book: at
    /// every frame the zoom is within 1…4 and clamped once it rests; at the end all is still.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func zoomStormsStayValid(seed: UInt64) throws {
        let s = Self.openBook()
        var g = SplitMix64(seed: seed)
        var t = s.now
        var events: [(t: Double, event: InputEvent)] = []
        let sizes = [Size(width: 1280, height: 800), Size(width: 800, height: 600), Size(width: 320, height: 240)]
        for _ in 0..<200 {
            t += Double.random(in: 0...0.1, using: &g)
            let p = Point(x: Double.random(in: 0...1280, using: &g), y: Double.random(in: 0...800, using: &g))
            switch Int.random(in: 0..<10, using: &g) {
            case 0...2: events.append((t, .wheel(dx: 0, dy: Bool.random(using: &g) ? 1 : -0.5, modifiers: Bool.random(using: &g) ? .ctrl : [])))
            case 3: events.append((t, .key([.equals, .minus, .zero, .right, .left].randomElement(using: &g)!)))
            case 4, 5:
                events += [(t, .pointerMoved(p)), (t, .pointerDown(p)), (t + 0.03, .pointerMoved(Point(x: p.x + 300, y: p.y - 200))),
                           (t + 0.06, .pointerUp(Point(x: p.x + 300, y: p.y - 200)))]
                t += 0.06
            case 6, 7: events += [(t, .pointerDown(p)), (t + 0.02, .pointerUp(p))]
            case 8: events.append((t, .pointerMoved(p)))
            default: events.append((t, .resize(sizes.randomElement(using: &g)!)))
            }
        }
        s.run(until: t + 3, events: events) { _ in
            guard let book = s.app.reading, s.app.transition == nil else { return }
            let z = book.zoom.current
            #expect(z.scale >= 1 - 1e-9 && z.scale <= BookZoom.maxScale + 1e-9 && z.offset.x.isFinite && z.offset.y.isFinite)
        }
        if let book = s.app.reading, s.app.transition == nil {
            #expect(!book.zoom.isAnimating)
            #expect(Self.isClamped(book.zoom.current, spread: book.zoom.spread, window: book.viewport))
        }
    }

    @Test func escapeWhileZoomedGoesBackToTheBookAndTheZoomGoes() throws {
        let s = Self.openBook()
        let book = try #require(s.app.reading)
        s.send(.key(.equals))
        s.run(until: s.now + 0.5)
        s.send(.key(.escape))
        s.run(until: s.now + 0.1)
        #expect(s.app.transition?.operation == .pop && !book.zoom.isZoomed)
        s.run(until: s.now + 2)
        #expect(s.kinds == [.shelf, .book] && s.app.isAtRest && s.app.reading == nil)
    }
}
