import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Finger events pushed into SDL's queue on the offscreen driver reach the app as touches at
/// window positions, and a two-finger spread pushed that way opens the centred book.
@Suite(.serialized) struct TouchEventTests {
    static let size = Size(width: 1280, height: 800)

    /// Pushes one finger event (position as SDL gives it: fractions of the window) and
    /// returns what the translator makes of every finger event polled (waiting up to a
    /// second for the one pushed).
    static func push(_ type: SDL_EventType, finger: Int64, x: Float, y: Float) -> [InputEvent] {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.touchId = 1
        event.tfinger.fingerId = finger
        event.tfinger.x = x
        event.tfinger.y = y
        event.tfinger.pressure = 1
        #expect(SDL_PushEvent(&event) == 1)
        var out: [InputEvent] = []
        var polled = SDL_Event()
        var sawIt = false
        for _ in 0..<100 where !sawIt {
            while SDL_PollEvent(&polled) == 1 {
                guard [SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue].contains(polled.type) else { continue }
                if polled.tfinger.fingerId == finger && polled.type == type.rawValue { sawIt = true }
                if case .input(let input) = EventTranslator.translate(polled, windowSize: size) { out.append(input) }
            }
            if !sawIt { SDL_Delay(10) }
        }
        return out
    }

    @Test func fingersBecomeTouchesAtWindowPositions() throws {
        _ = try HeadlessCanvas(library: .synthetic(books: 1, pages: 2), decoder: TestDecoding.workers, width: 320, height: 200)
        #expect(Self.push(SDL_FINGERDOWN, finger: 5, x: 0.5, y: 0.25) == [.touch(.down, finger: 5, at: Point(x: 640, y: 200))])
        #expect(Self.push(SDL_FINGERMOTION, finger: 5, x: 0.75, y: 0.5) == [.touch(.move, finger: 5, at: Point(x: 960, y: 400))])
        #expect(Self.push(SDL_FINGERUP, finger: 5, x: 1.5, y: -1) == [.touch(.up, finger: 5, at: Point(x: 1280, y: 0))])
        // A driver's huge finger id is folded into the range scripts take.
        let folded = Self.push(SDL_FINGERDOWN, finger: -3, x: 0, y: 0)
        guard case .touch(_, let finger, _)? = folded.first else {
            Issue.record("no touch")
            return
        }
        #expect((0...InputScript.maxFinger).contains(finger))
    }

    @Test func aTwoFingerSpreadPushedThroughSDLOpensTheBook() throws {
        _ = try HeadlessCanvas(library: .synthetic(books: 2, pages: 4), decoder: TestDecoding.workers, width: 320, height: 200)
        let app = FolioApp(library: .synthetic(books: 2, pages: 4), size: Self.size)
        app.update(at: 0)
        var t = 0.0
        func send(_ type: SDL_EventType, _ finger: Int64, _ y: Float) {
            for event in Self.push(type, finger: finger, x: 0.5, y: y) { app.handle(event, at: t) }
        }
        send(SDL_FINGERDOWN, 1, 0.45)
        send(SDL_FINGERDOWN, 2, 0.55)
        for k in 1...10 {
            t += 0.03
            let spread = Float(0.05 + 0.03 * Double(k))
            send(SDL_FINGERMOTION, 1, 0.5 - spread)
            send(SDL_FINGERMOTION, 2, 0.5 + spread)
            app.update(at: t)
        }
        #expect((app.transition?.progress ?? 0) > 0.9)
        send(SDL_FINGERUP, 1, 0.15)
        send(SDL_FINGERUP, 2, 0.85)
        for _ in 0..<90 {
            t += 1.0 / 60
            app.update(at: t)
        }
        #expect(app.transition == nil && app.book != nil && app.book.map { app.poses[$0].openness } == 1)
    }
}
