import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The cover row (SPEC §1) at 1280×800 and other sizes.
@Suite struct ShelfLayoutTests {
    let layout = ShelfLayout(size: Size(width: 1280, height: 800), bookCount: 6)

    @Test func geometryAt1280x800() {
        #expect(layout.unit == 1)
        #expect(layout.stride == 372)
        #expect(layout.cellSize == Size(width: 362, height: 568))
        #expect(layout.range == 0...1860)
    }

    /// u = min(W/1280, H/800) scales every size.
    @Test(arguments: [(2560.0, 1600.0, 744.0), (640.0, 400.0, 186.0), (2560.0, 800.0, 372.0),
                      (1280.0, 1600.0, 372.0), (1000.0, 800.0, 290.625)])
    func layoutUnitScalesTheRow(width: Double, height: Double, stride: Double) {
        let l = ShelfLayout(size: Size(width: width, height: height), bookCount: 3)
        let u = stride / 372
        #expect(abs(l.stride - stride) < 1e-9)
        #expect(abs(l.cellSize.width - 362 * u) < 1e-9 && abs(l.cellSize.height - 568 * u) < 1e-9)
        #expect(abs(l.range.upperBound - 2 * stride) < 1e-9)
    }

    @Test(arguments: 0..<6)
    func centredBookHasScaleSevenTenths(index: Int) {
        #expect(abs(layout.scale(of: index, at: Double(index) * 372) - 0.7) < 1e-12)
        #expect(layout.centredIndex(at: Double(index) * 372) == index)
    }

    /// Distance d from the centre: 0.7·(1 − d/W) up to W/4, then 0.525.
    @Test(arguments: [0.0, 50.0, 160.0, 319.0, 320.0, 321.0, 372.0, 600.0, 5000.0])
    func scaleFallsWithDistanceThenFlattens(d: Double) {
        let expected = d <= 320 ? 0.7 * (1 - d / 1280) : 0.525
        // Book 2 sits at 744; look at it from both sides.
        #expect(abs(layout.scale(of: 2, at: 744 + d) - expected) < 1e-12)
        #expect(abs(layout.scale(of: 2, at: 744 - d) - expected) < 1e-12)
    }

    /// (rest, velocity, expected book): ceil for v > 0, floor for v < 0, round at rest, clamped.
    @Test(arguments: [
        (400.0, 10.0, 2), (400.0, -10.0, 1), (400.0, 0.0, 1), (600.0, 0.0, 2),
        (744.0, 5.0, 2), (744.0, -5.0, 2), (743.0, 5.0, 2), (745.0, -5.0, 2),
        (-500.0, -100.0, 0), (-100.0, 100.0, 0), (5000.0, 100.0, 5), (1861.0, 0.0, 5), (1500.0, 1.0, 5),
    ])
    func snappingPicksABook(rest: Double, velocity: Double, book: Int) {
        #expect(layout.snapTarget(rest: rest, velocity: velocity) == Double(book) * 372)
    }

    /// Window-space frame of cover i as drawn (scaled about the cell centre).
    func frame(of i: Int, at p: Double, in l: ShelfLayout) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let s = l.scale(of: i, at: p)
        let cx = Double(i) * l.stride - p + l.size.width / 2
        let w = l.cellSize.width * s, h = l.cellSize.height * s
        return (cx - w / 2, cx + w / 2, l.size.height / 2 - h / 2, l.size.height / 2 + h / 2)
    }

    /// Every cover that intersects the window is listed, and nothing more than one cell
    /// width beyond either edge.
    @Test func visibleIndicesCoverTheWindow() {
        var g = SplitMix64(seed: 5)
        var failures: [String] = []
        for _ in 0..<300 {
            let w = Double.random(in: 320...2560, using: &g), h = Double.random(in: 240...1600, using: &g)
            let l = ShelfLayout(size: Size(width: w, height: h), bookCount: Int.random(in: 1...40, using: &g))
            let p = Double.random(in: (l.range.lowerBound - w)...(l.range.upperBound + w), using: &g)
            let visible = l.visibleIndices(at: p)
            for i in 0..<l.bookCount {
                let f = frame(of: i, at: p, in: l)
                if f.maxX > 0 && f.minX < w && !visible.contains(i) { failures.append("book \(i) missing at p \(p), W \(w)") }
                if visible.contains(i) && !(f.maxX > -l.cellSize.width && f.minX < w + l.cellSize.width) {
                    failures.append("book \(i) far off screen at p \(p), W \(w)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test func visibleIndicesAtTheStart() {
        // Books 0 and 1 are on screen at p = 0; book 3 (centre at 1756) is not.
        let v = layout.visibleIndices(at: 0)
        #expect(v.contains(0) && v.contains(1) && !v.contains(3))
        #expect(ShelfLayout(size: Size(width: 1280, height: 800), bookCount: 0).visibleIndices(at: 0).isEmpty)
    }

    @Test func hitTestingFindsTheScaledCover() {
        // At p = 0 book 0 is 253.4 × 397.6 about (640, 400); book 1 is 190.05 × 298.2 about (1012, 400).
        #expect(layout.index(at: Point(x: 640, y: 400), p: 0) == 0)
        #expect(layout.index(at: Point(x: 640 - 126.7 + 0.5, y: 400 - 198.8 + 0.5), p: 0) == 0)
        #expect(layout.index(at: Point(x: 640 + 126.7 + 1, y: 400), p: 0) == nil) // the gap
        #expect(layout.index(at: Point(x: 640, y: 400 - 198.8 - 1), p: 0) == nil)
        #expect(layout.index(at: Point(x: 1012, y: 400), p: 0) == 1)
        #expect(layout.index(at: Point(x: 1012 - 95.025 + 0.5, y: 400), p: 0) == 1)
        #expect(layout.index(at: Point(x: 1012 - 95.025 - 0.5, y: 400), p: 0) == nil)
        #expect(layout.index(at: Point(x: 100, y: 400), p: 0) == nil) // nothing left of book 0
        // Scrolled to book 3, the window centre hits book 3.
        #expect(layout.index(at: Point(x: 640, y: 400), p: 3 * 372) == 3)
    }
}
