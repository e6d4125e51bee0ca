import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The open book (SPEC §2): ratios, angles, visibility and the posed page range.
@Suite struct BookLayoutTests {
    static let W = 1280.0
    let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 12)

    @Test func pageCountIsPaddedToEven() {
        #expect(BookLayout(size: Size(width: 1280, height: 800), pageCount: 13).pageCount == 14)
        #expect(layout.pageCount == 12 && layout.leafCount == 6)
        // From the cover alone (leaf −1) to the back cover's leaf.
        #expect(layout.offsetRange == -Self.W...(5 * Self.W))
        #expect(layout.pageSize == Size(width: 362, height: 568))
        #expect(layout.spine == Point(x: 640, y: 400))
    }

    /// SPEC §2's worked values at o = 0: (page, angle, ratio).
    @Test(arguments: [(0, -2.3562, -0.5), (1, 0.7864, -0.5), (2, -0.7854, 0.5), (4, -0.6283, 0.6)])
    func workedValuesAtOffsetZero(page: Int, angle: Double, ratio: Double) {
        let pose = layout.pose(of: page, offset: 0)
        #expect(abs(pose.ratio - ratio) < 1e-12)
        #expect(abs(pose.angle - angle) < 1e-4)
    }

    @Test func halfTurnPutsTheLeafEdgeOn() {
        let two = layout.pose(of: 2, offset: Self.W / 2), three = layout.pose(of: 3, offset: Self.W / 2)
        #expect(two.ratio == 0 && three.ratio == 0)
        #expect(abs(two.angle + Double.pi / 2) < 1e-12)
        #expect(abs(three.angle - (Double.pi / 2 + 0.001)) < 1e-12)
    }

    /// Beyond ±0.5 the ratio moves at a tenth of the rate: (page, offset in W, ratio).
    @Test(arguments: [(10, 0.0, 0.9), (6, 0.0, 0.7), (0, 3.0, -0.8), (1, 5.0, -1.0), (4, 1.25, 0.25), (8, 1.5, 0.65)])
    func ratiosAreCompressedBeyondAHalf(page: Int, leaves: Double, ratio: Double) {
        #expect(abs(layout.ratio(of: page, offset: leaves * Self.W) - ratio) < 1e-12)
    }

    @Test func anglesClampTheRatioToPlusMinusOne() {
        #expect(abs(BookLayout.angle(of: 2, ratio: 3) - 0) < 1e-12)
        #expect(abs(BookLayout.angle(of: 2, ratio: -3) + Double.pi) < 1e-12)
        #expect(abs(BookLayout.angle(of: 3, ratio: -3) - 0.001) < 1e-12)
        #expect(abs(BookLayout.angle(of: 3, ratio: 3) - (Double.pi + 0.001)) < 1e-12)
    }

    /// The tutorial hides odd pages with r > 0 and even pages with r < 0.
    @Test func visibilityAtOffsetZero() {
        let visible = (0..<12).filter { layout.pose(of: $0, offset: 0).visible }
        // Page 0 (r −0.5) and page 3 (r 0.5) turn their backs; the right-hand stack shows.
        #expect(visible == [1, 2, 4, 6, 8, 10])
        let afterOneLeaf = (0..<12).filter { layout.pose(of: $0, offset: Self.W).visible }
        #expect(afterOneLeaf == [1, 3, 4, 6, 8, 10])
    }

    /// Pages 2k+1 (left) and 2k+2 (right) make the spread at offset kW; a turning leaf
    /// between spreads brings its two faces.
    static func spreadPages(offset o: Double, in l: BookLayout) -> [Int] {
        (0..<l.pageCount).filter { i in
            let raw = -0.5 + Double(i / 2) - o / l.size.width
            return abs(raw) <= 1.5
        }
    }

    @Test func pageRangeIsBoundedForHugeBooks() {
        let big = BookLayout(size: Size(width: 1280, height: 800), pageCount: 1000)
        var g = SplitMix64(seed: 17)
        var offsets = (0..<400).map { _ in Double.random(in: -Self.W...(500 * Self.W), using: &g) }
        offsets += [0, Self.W / 2, 499 * Self.W, 499.5 * Self.W, 250 * Self.W]
        var failures: [String] = []
        for o in offsets {
            let range = big.pageRange(offset: o)
            if range.count > 28 || range.lowerBound < 0 || range.upperBound > 1000 {
                failures.append("offset \(o): range \(range)")
            }
            let missing = Self.spreadPages(offset: o, in: big).filter { !range.contains($0) }
            if !missing.isEmpty { failures.append("offset \(o): range \(range) lacks \(missing)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test func pageRangeOfASmallBookIsTheWholeBook() {
        #expect(layout.pageRange(offset: 0) == 0..<12)
        #expect(layout.pageRange(offset: 5 * Self.W) == 0..<12)
    }

    /// Random sizes, books and offsets: ratios and angles stay bounded and move continuously.
    @Test func propertiesHoldOverRandomPoses() {
        var g = SplitMix64(seed: 2024)
        var failures: [String] = []
        for _ in 0..<300 {
            let size = Size(width: Double.random(in: 320...3840, using: &g), height: Double.random(in: 240...2160, using: &g))
            let l = BookLayout(size: size, pageCount: Int.random(in: 1...200, using: &g))
            let w = size.width
            let o = Double.random(in: (-w / 2)...(l.offsetRange.upperBound + w / 2), using: &g)
            let delta = 1e-3 // points
            for page in 0..<l.pageCount {
                let pose = l.pose(of: page, offset: o)
                let where_ = "page \(page) of \(l.pageCount) at offset \(o), W \(w)"
                if abs(pose.ratio) > 0.5 + 0.1 * Double(l.leafCount) + 1e-9 { failures.append("ratio \(pose.ratio), " + where_) }
                if pose.angle < -Double.pi - 1e-12 || pose.angle > Double.pi + 0.001 + 1e-12 {
                    failures.append("angle \(pose.angle), " + where_)
                }
                // dθ/do is at most (π/2)/W, dr/do at most 1/W.
                let moved = l.pose(of: page, offset: o + delta)
                if abs(moved.angle - pose.angle) > Double.pi / 2 * delta / w * (1 + 1e-6) + 1e-12
                    || abs(moved.ratio - pose.ratio) > delta / w * (1 + 1e-6) + 1e-12 {
                    failures.append("jump \(moved.angle - pose.angle) rad, " + where_)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    /// ρ recovers the ratio from the angle; left pages carry the tutorial's +1/1000 rad,
    /// which reads back as 2/(1000π) of ratio.
    @Test(arguments: stride(from: -1.0, through: 1.0, by: 0.125).map { $0 })
    func rhoInvertsAngle(ratio r: Double) {
        let right = BookLayout.rho(side: .right, angle: BookLayout.angle(of: 2, ratio: r))
        #expect(abs(right - r) < 1e-12)
        let left = BookLayout.rho(side: .left, angle: BookLayout.angle(of: 3, ratio: r))
        #expect(abs(left - (r + 0.002 / Double.pi)) < 1e-12)
    }

    @Test func layersHingeOnTheSpine() {
        let right = layout.layer(page: 2, content: .blank, angle: -0.7, scale: 1)
        let left = layout.layer(page: 3, content: .blank, angle: 0.7, scale: 1)
        #expect(right.anchor == Point(x: 0, y: 0.5) && left.anchor == Point(x: 1, y: 0.5))
        #expect(right.side == .right && left.side == .left)
        // The hinge edge projects onto x = W/2 whatever the angle.
        for y in [0.0, 284, 568] {
            #expect(abs(right.project(x: 0, y: y)!.x - 640) < 1e-9)
            #expect(abs(left.project(x: 362, y: y)!.x - 640) < 1e-9)
        }
        // Perspective −1/2000 after the rotation about y: m34 = −cos(angle)/2000.
        #expect(abs(right.transform.m34 + cos(-0.7) / 2000) < 1e-15)
        #expect(layout.layer(page: 0, content: .blank, angle: 0).stackOrder == Int.max)
        #expect(layout.layer(page: 5, content: .blank, angle: 0).stackOrder == -5)
        #expect(layout.cornerRadius == 20)
    }
}
