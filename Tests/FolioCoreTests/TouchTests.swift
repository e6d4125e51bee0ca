import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// A touchscreen: two fingers pinch through the same percent-driven interaction as the
/// wheel (spreading them by half the window's shorter side is the whole transition), one
/// finger taps and swipes like the pointer.
@Suite struct TouchTests {
    typealias Timeline = [(t: Double, event: InputEvent)]

    /// Two fingers about the window's centre, `from` and then `to` points apart (vertically
    /// on a 1280×800 window, whose shorter side is 800), moved in `steps` over `seconds`
    /// starting at `start`, lifted at `lift` (nil: kept down).
    static func pinch(from: Double, to: Double, start: Double = 0, seconds: Double = 0.5, steps: Int = 20,
                      lift: Double? = nil) -> Timeline {
        func at(_ d: Double) -> (Point, Point) { (Point(x: 640, y: 400 - d / 2), Point(x: 640, y: 400 + d / 2)) }
        let (a, b) = at(from)
        var out: Timeline = [(start, .touch(.down, finger: 7, at: a)), (start, .touch(.down, finger: 9, at: b))]
        for k in 1...steps {
            let t = start + seconds * Double(k) / Double(steps)
            let (a, b) = at(from + (to - from) * Double(k) / Double(steps))
            out.append((t, .touch(.move, finger: 7, at: a)))
            out.append((t, .touch(.move, finger: 9, at: b)))
        }
        if let lift {
            let (a, b) = at(to)
            out.append((lift, .touch(.up, finger: 7, at: a)))
            out.append((lift, .touch(.up, finger: 9, at: b)))
        }
        return out
    }

    @Test func spreadingTwoFingersFollowsTheHandAndOpensTheBook() {
        let s = AppDriver()
        // A quarter of the short side apart more: half the transition, held there.
        s.run(until: 0.6, events: Self.pinch(from: 100, to: 300))
        #expect(s.state == .interacting)
        #expect(abs((s.app.transition?.progress ?? -1) - 0.5) < 1e-6, "\(s.app.transition?.progress ?? -1)")
        #expect(abs(s.app.pose.openness - 0.5) < 1e-6)
        // Held still with the fingers down, it stays put (no spring back, no idle end).
        s.run(until: 1.5)
        #expect(abs((s.app.transition?.progress ?? -1) - 0.5) < 1e-6)
        // Further apart, then lifted: it opens.
        s.run(until: 3, events: Self.pinch(from: 300, to: 420, start: 1.5, seconds: 0.2, steps: 5, lift: 1.8).dropFirst(2).map { $0 })
        #expect(PinchTimelineTests.isOpen(s))
    }

    @Test func liftingWhileTheFingersCloseAgainCancels() {
        let s = AppDriver()
        var events = Self.pinch(from: 100, to: 400, seconds: 0.4)
        events += Self.pinch(from: 400, to: 340, start: 0.5, seconds: 0.1, steps: 3, lift: 0.65).dropFirst(2)
        s.run(until: 2, events: events)
        #expect(PinchTimelineTests.isOnTheShelf(s))
    }

    @Test func pinchingTwoFingersInClosesAnOpenBook() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.6)
        #expect(PinchTimelineTests.isOpen(s))
        s.run(until: 3, events: Self.pinch(from: 500, to: 60, start: 1.6, seconds: 0.4, lift: 2.1))
        #expect(PinchTimelineTests.isOnTheShelf(s))
    }

    @Test func oneFingerTapsAndSwipesLikeThePointer() {
        let s = AppDriver()
        // A tap on the centred cover opens it.
        s.run(until: 0.2, events: [(0.1, .touch(.down, finger: 1, at: Point(x: 640, y: 400))),
                                   (0.15, .touch(.up, finger: 1, at: Point(x: 640, y: 400)))])
        s.run(until: 1.6)
        #expect(PinchTimelineTests.isOpen(s))
        #expect(s.app.book?.currentLeaf == -1, "on the cover")
        // A swipe to the left turns a leaf.
        var swipe: Timeline = [(1.7, .touch(.down, finger: 2, at: Point(x: 1000, y: 400)))]
        for k in 1...10 { swipe.append((1.7 + 0.02 * Double(k), .touch(.move, finger: 2, at: Point(x: 1000 - 60 * Double(k), y: 400)))) }
        swipe.append((1.95, .touch(.up, finger: 2, at: Point(x: 400, y: 400))))
        s.run(until: 3, events: swipe)
        #expect(s.app.book?.currentLeaf == 0)
    }

    /// In the reading view, spreading two fingers zooms into the spread about the point
    /// between them (the wheel's rule: a new gesture in the reading view zooms).
    @Test func spreadingTwoFingersInTheReadingViewZoomsAboutThem() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.05)
        s.send(.key(.return))
        s.run(until: 1.6)
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.transition == nil)
        func at(_ d: Double) -> (Point, Point) { (Point(x: 700 - d / 2, y: 380), Point(x: 700 + d / 2, y: 380)) }
        var events: Timeline = [(1.6, .touch(.down, finger: 1, at: at(100).0)), (1.6, .touch(.down, finger: 2, at: at(100).1))]
        for k in 1...10 {
            let (a, b) = at(100 + 20 * Double(k))
            events += [(1.6 + 0.03 * Double(k), .touch(.move, finger: 1, at: a)), (1.6 + 0.03 * Double(k), .touch(.move, finger: 2, at: b))]
        }
        events += [(2.0, .touch(.up, finger: 1, at: at(300).0)), (2.0, .touch(.up, finger: 2, at: at(300).1))]
        s.run(until: 3, events: events)
        let zoom = s.app.reading?.zoom.current ?? .identity
        #expect(s.kinds == [.shelf, .book, .reading] && zoom.scale > 1.5)
        // About the point between the fingers, as the wheel zooms about the pointer: the
        // same magnification there gives the same view (the clamp included).
        let wheel = AppDriver()
        wheel.send(.key(.return))
        wheel.run(until: 1.05)
        wheel.send(.key(.return))
        wheel.run(until: 1.6)
        wheel.run(until: 3, events: [(1.6, .pointerMoved(Point(x: 700, y: 380))),
                                     (1.7, .wheel(dx: 0, dy: log(zoom.scale) / log(BookZoom.stepFactor), modifiers: .ctrl))])
        let byWheel = wheel.app.reading?.zoom.current ?? .identity
        #expect(abs(byWheel.scale - zoom.scale) < 1e-6)
        // (Within a few points: the pinch arrives as many small steps, the wheel as one.)
        #expect(abs(byWheel.offset.x - zoom.offset.x) < 4 && abs(byWheel.offset.y - zoom.offset.y) < 4, "\(byWheel) vs \(zoom)")
    }

    /// A second finger landing mid-swipe ends the swipe where it is (no tap, no stuck drag)
    /// and the two fingers pinch from there.
    @Test func aSecondFingerTurnsASwipeIntoAPinch() {
        let s = AppDriver()
        var events: Timeline = [(0.1, .touch(.down, finger: 1, at: Point(x: 640, y: 300)))]
        events.append((0.15, .touch(.move, finger: 1, at: Point(x: 600, y: 300))))
        events.append((0.2, .touch(.down, finger: 2, at: Point(x: 600, y: 500))))
        for k in 1...10 {
            events.append((0.2 + 0.03 * Double(k), .touch(.move, finger: 2, at: Point(x: 600, y: 500 + 10 * Double(k)))))
        }
        s.run(until: 0.6, events: events)
        #expect(s.state == .interacting)
        #expect(abs((s.app.transition?.progress ?? -1) - 0.25) < 1e-6)
        #expect(s.app.shelf.scroller.isDragging == false)
    }

    /// The tracker alone: a third finger is ignored, a lifted pinch finger ends the pinch,
    /// and the finger left behind does nothing until every finger is up.
    @Test func extraFingersAndTheFingerLeftBehindAreIgnored() {
        var t = TouchTracker()
        let size = Size(width: 1000, height: 500)
        #expect(t.handle(.down, finger: 1, at: Point(x: 0, y: 0), windowSize: size) == [.pointer(.pointerDown(Point(x: 0, y: 0)))])
        #expect(t.handle(.down, finger: 2, at: Point(x: 0, y: 100), windowSize: size) == [.cancelPointer, .pointer(.pointerMoved(Point(x: 0, y: 50)))])
        #expect(t.handle(.down, finger: 3, at: Point(x: 50, y: 50), windowSize: size).isEmpty)
        #expect(t.handle(.move, finger: 3, at: Point(x: 90, y: 50), windowSize: size).isEmpty)
        // 100 → 350 points apart is half of 500: four notches.
        #expect(t.handle(.move, finger: 2, at: Point(x: 0, y: 350), windowSize: size) == [.pointer(.pointerMoved(Point(x: 0, y: 175))), .pinch(dy: 4)])
        #expect(t.handle(.up, finger: 1, at: Point(x: 0, y: 0), windowSize: size) == [.pinchEnded])
        #expect(t.handle(.move, finger: 2, at: Point(x: 0, y: 300), windowSize: size).isEmpty)
        #expect(t.handle(.up, finger: 2, at: Point(x: 0, y: 300), windowSize: size).isEmpty)
        #expect(t.handle(.up, finger: 3, at: Point(x: 0, y: 300), windowSize: size).isEmpty)
        // Unknown fingers and non-finite positions are ignored.
        #expect(t.handle(.up, finger: 5, at: Point(x: 0, y: 0), windowSize: size).isEmpty)
        #expect(t.handle(.down, finger: 5, at: Point(x: .nan, y: 0), windowSize: size).isEmpty)
        #expect(t.handle(.down, finger: 6, at: Point(x: 1, y: 1), windowSize: size) == [.pointer(.pointerDown(Point(x: 1, y: 1)))])
    }

    /// Touches in a script: read, scaled with the script and written back by a capture.
    @Test func touchesRoundTripThroughTheScriptFormat() throws {
        let text = #"{"size":[1280,800],"events":[{"t":0.1,"type":"touch","phase":"down","finger":3,"x":10,"y":20}]}"#
        let script = try InputScript.parse(Data(text.utf8), name: "touch.json")
        #expect(script.events.first?.event == .input(.touch(.down, finger: 3, at: Point(x: 10, y: 20))))
        #expect(script.scaled(to: Size(width: 640, height: 400)).events.first?.event == .input(.touch(.down, finger: 3, at: Point(x: 5, y: 10))))
        let written = ScriptFile.Event(.touch(.up, finger: 4, at: Point(x: 1, y: 2)), at: 0.5)
        #expect(written.type == .touch && written.phase == "up" && written.finger == 4 && written.x == 1 && written.y == 2)
        for bad in [#"{"t":0,"type":"touch","phase":"hover","x":1,"y":1}"#, #"{"t":0,"type":"touch","phase":"down","finger":1.5,"x":1,"y":1}"#,
                    #"{"t":0,"type":"touch","phase":"down","finger":-1,"x":1,"y":1}"#, #"{"t":0,"type":"touch","phase":"down"}"#] {
            let error = #expect(throws: FolioError.self) {
                try InputScript.parse(Data(#"{"events":["#.utf8) + Data(bad.utf8) + Data("]}".utf8), name: "bad.json")
            }
            #expect(error?.exit == .badInput && error?.description.hasPrefix("bad.json: event 0") == true, "\(String(describing: error))")
        }
    }
}
