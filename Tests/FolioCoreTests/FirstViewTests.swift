import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Sensible first views and no space wasted: what the reading view shows before the reader
/// chooses, and what it never lets cover or cut the page being read.
@Suite struct FirstViewTests {
    /// The box around every drawn page's corners, window points.
    static func drawnBounds(_ layers: [Layer]) -> (low: Point, high: Point) {
        var low = Point(x: .infinity, y: .infinity), high = Point(x: -.infinity, y: -.infinity)
        for layer in layers where layer.isFrontFacing {
            for (x, y) in [(0, 0), (layer.size.width, 0), (layer.size.width, layer.size.height), (0, layer.size.height)] {
                guard let p = layer.project(x: x, y: y) else { continue }
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
        }
        return (low, high)
    }

    /// Leaves lifted mid-riffle and mid-turn stay within the window's top and bottom edges
    /// (the reading view's perspective is no nearer than that allows), in windows of several
    /// shapes, one page at a time and two; and they still stand up in perspective.
    @Test(arguments: [(1280.0, 800.0, false), (1280.0, 800.0, true), (800.0, 600.0, false), (1920.0, 1080.0, true), (900.0, 980.0, false)])
    func aRifflingLeafStaysWithinTheWindow(width: Double, height: Double, one: Bool) throws {
        let s = AppDriver(size: Size(width: width, height: height), books: 1, pages: 60)
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        #expect(s.kinds == [.shelf, .book, .reading])
        if one && s.app.book?.layout.readingPages == 2 { s.send(.key(.d)); s.run(until: s.now + 0.5) }
        var frames = 0, lifted = 0
        func check(_ t: Double) {
            let layers = s.app.drawList().layers
            let bounds = Self.drawnBounds(layers)
            #expect(bounds.low.y >= -0.5 && bounds.high.y <= height + 0.5,
                    "at \(t) s the pages reach \(bounds.low.y)…\(bounds.high.y) in a window \(height) tall")
            frames += 1
            // A leaf standing up: its outer edge nearer the eye shows taller than its hinge.
            for layer in layers where layer.isFrontFacing {
                guard let a = layer.project(x: 0, y: 0), let b = layer.project(x: 0, y: layer.size.height),
                      let c = layer.project(x: layer.size.width, y: 0), let d = layer.project(x: layer.size.width, y: layer.size.height)
                else { continue }
                if abs((b.y - a.y) - (d.y - c.y)) > 1 { lifted += 1 }
            }
        }
        for key: Key in [.four, .zero] { s.send(.key(key)) }
        s.send(.key(.return))
        s.run(until: s.now + 0.8, each: check)
        s.send(.key(.right))
        s.run(until: s.now + 1, each: check)
        s.send(.key(.home))
        s.run(until: s.now + 1, each: check)
        #expect(frames > 100 && lifted > 10, "leaves turned in perspective (\(lifted) lifted)")
    }
}
