import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Back-face culling (Layer.isFrontFacing) and depth order (DrawList.depthSorted).
@Suite struct DrawListTests {
    let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 12)

    func openLayers(offset: Double) -> [Layer] {
        layout.pageRange(offset: offset).map { page in
            layout.layer(page: page, content: .page(book: 0, page: page),
                         angle: layout.pose(of: page, offset: offset).angle)
        }
    }

    func page(_ layer: Layer) -> Int {
        if case .page(_, let p) = layer.content { return p }
        return -1
    }

    @Test func coverIsCulledAtOffsetZero() {
        let layers = openLayers(offset: 0)
        #expect(abs(layers[0].transform.m11 - cos(-3 * Double.pi / 4)) < 1e-12) // the cover at −3π/4
        #expect(!layers[0].isFrontFacing)
        #expect(layers[1].isFrontFacing && layers[2].isFrontFacing)
        #expect(!layers[3].isFrontFacing) // page 3 at 3π/4 + 0.001
        let drawn = DrawList.depthSorted(layers).map(page)
        #expect(!drawn.contains(0) && !drawn.contains(3))
        #expect(drawn.contains(1) && drawn.contains(2))
    }

    @Test func flatAndMirroredLayers() {
        let flat = Layer(size: Size(width: 100, height: 50), position: Point(x: 10, y: 10), anchor: Point(x: 0.5, y: 0.5),
                         content: .blank, side: .right, cornerRadius: 0)
        #expect(flat.isFrontFacing)
        var mirrored = flat
        mirrored.transform = .scale(-1, 1, 1)
        #expect(!mirrored.isFrontFacing)
        var behind = flat
        behind.transform = Transform3D.perspective(distance: 100).translated(0, 0, 150)
        #expect(!behind.isFrontFacing)
    }

    /// Back to front: depths never decrease along the list (to the 1/1024 pt quantum).
    @Test func sortedBackToFrontByDepth() {
        var g = SplitMix64(seed: 99)
        var failures: [String] = []
        for _ in 0..<100 {
            let o = Double.random(in: -200...(5 * 1280 + 200), using: &g)
            var layers = openLayers(offset: o)
            layers.shuffle(using: &g)
            let sorted = DrawList.depthSorted(layers)
            if !sorted.allSatisfy({ $0.isFrontFacing }) { failures.append("back face drawn at offset \(o)") }
            if zip(sorted, sorted.dropFirst()).contains(where: { $0.depth > $1.depth + 1.0 / 1024 }) {
                failures.append("depth out of order at offset \(o)")
            }
            // Every front-facing, visible layer is kept.
            if sorted.count != layers.filter({ $0.isFrontFacing && $0.opacity > 0 }).count {
                failures.append("layers lost at offset \(o)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    /// Coplanar right pages (all at angle 0): the cover on top, then lower page numbers.
    @Test func coplanarPagesPutTheCoverOnTop() {
        let layers = [4, 0, 8, 2, 6].map { layout.layer(page: $0, content: .page(book: 0, page: $0), angle: 0) }
        let order = DrawList.depthSorted(layers).map(page)
        #expect(order == [8, 6, 4, 2, 0])
    }

    /// The closed book of the transition: right pages flat, left pages face down; only the cover shows.
    @Test func closedBookShowsOnlyItsCover() {
        let scene = BookScene(bookIndex: 0, pageCount: 12, size: Size(width: 1280, height: 800))
        let drawn = DrawList.depthSorted(scene.layers(in: .shelf)).map(page)
        #expect(drawn.last == 0)
        #expect(drawn.allSatisfy { $0 % 2 == 0 }) // left pages lie face down
    }

    @Test func invisibleLayersAreDropped() {
        var layers = openLayers(offset: 0)
        layers[2].opacity = 0
        #expect(!DrawList.depthSorted(layers).map(page).contains(2))
        var list = DrawList(background: RGBA(0, 0, 0))
        list.appendFlat(layers)
        #expect(list.layers.count == layers.count - 1)
    }

    /// Away from edge-on, culling agrees with the tutorial's visibility rule.
    @Test func cullingAgreesWithTheVisibilityRule() {
        var g = SplitMix64(seed: 4)
        var failures: [String] = []
        for _ in 0..<200 {
            let o = Double.random(in: 0...(5 * 1280), using: &g)
            for page in layout.pageRange(offset: o) {
                let pose = layout.pose(of: page, offset: o)
                guard abs(pose.ratio) > 0.002 else { continue }
                let layer = layout.layer(page: page, content: .blank, angle: pose.angle)
                if layer.isFrontFacing != pose.visible { failures.append("page \(page) at offset \(o)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
