import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Books of any page shape: the page follows the content's aspect ratio within bounds, and
/// the shelf, the transition, the pinch and the open book stay consistent for every shape.
@Suite struct PageShapeTests {
    static let aspects = [0.4, 0.5, PageGeometry.aspect, 0.75, 1.0, 1.5, 2.5]

    @Test(arguments: aspects + [0.1, 9, .nan, -1])
    func thePageKeepsItsAspectWithinBounds(aspect: Double) {
        let page = PageGeometry.size(aspect: aspect)
        let wanted = aspect.isFinite && aspect > 0 ? min(max(aspect, 0.4), 2.5) : PageGeometry.aspect
        #expect(abs(page.width / page.height - wanted) < 1e-9)
        #expect(page.height <= PageGeometry.size.height + 1e-9 && page.width <= PageGeometry.maxWidth + 1e-9)
        // Narrower pages keep the tutorial's height; wider ones are as wide as they may be.
        if wanted <= PageGeometry.aspect { #expect(abs(page.height - 568) < 1e-9) }
        if wanted >= PageGeometry.maxWidth / 568 { #expect(abs(page.width - PageGeometry.maxWidth) < 1e-9) }
    }

    @Test func theTutorialPageIsExact() {
        #expect(PageGeometry.size(aspect: 362.0 / 568.0) == Size(width: 362, height: 568))
        #expect(Book(title: "", cover: nil, pages: []).pageShape == Size(width: 362, height: 568))
    }

    /// The corners of `layer` on screen.
    static func corners(_ layer: Layer) -> [Point] {
        [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].compactMap {
            layer.project(x: $0.0 * layer.size.width, y: $0.1 * layer.size.height)
        }
    }

    static func close(_ a: [Point], _ b: [Point], _ tolerance: Double = 1e-6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < tolerance && abs($0.y - $1.y) < tolerance }
    }

    /// The closed book's cover lands exactly on the shelf's cover, at every shape and window
    /// size: opening and closing never jump.
    @Test(arguments: aspects, [Size(width: 1280, height: 800), Size(width: 800, height: 600), Size(width: 320, height: 240)])
    func theClosedBookCoversTheShelfCover(aspect: Double, size: Size) {
        let s = AppDriver(size: size, aspect: aspect)
        let shelfCover = s.app.drawList().layers.first { $0.content == .cover(book: 0) }!
        s.send(.key(.return))
        guard let book = s.app.book else { Issue.record("no book"); return }
        let closed = book.layers(in: BookOpeningTransition().pose(.push, value: 0)).first { $0.content == .page(book: 0, page: 0) }!
        #expect(Self.close(Self.corners(closed), Self.corners(shelfCover)))
        #expect(abs(shelfCover.size.width / shelfCover.size.height - min(max(aspect, 0.4), 2.5)) < 1e-9)
    }

    /// The open spread fits the window, both pages hinge on the spine, and the pinch opens
    /// and closes the book with every frame's numbers finite.
    @Test(arguments: aspects)
    func theSpreadFitsAndThePinchWorks(aspect: Double) {
        let s = AppDriver(aspect: aspect)
        s.recording = true
        var events: [(t: Double, event: InputEvent)] = []
        for k in 0..<3 { events.append((0.05 * Double(k), .wheel(dx: 0, dy: 1))) }
        events.append((1.5, .key(.right)))
        var closing: [(t: Double, event: InputEvent)] = []
        for k in 0..<3 { closing.append((3 + 0.05 * Double(k), .wheel(dx: 0, dy: -1))) }
        var widest = 0.0
        s.run(until: 2.5, events: events)
        guard let book = s.app.book else { Issue.record("did not open"); return }
        for layer in s.app.drawList().layers {
            let xs = Self.corners(layer).map(\.x)
            widest = max(widest, xs.max() ?? 0)
            #expect((xs.min() ?? -1) >= 0 && (xs.max() ?? 1e9) <= 1280)
        }
        #expect(widest > 640)
        #expect(2 * book.layout.pageSize.width <= 1280)
        s.run(until: 5, events: closing)
        #expect(s.kinds == [.shelf] && s.app.transition == nil)
        #expect(s.traces.allSatisfy(FolioAppTests.hasOnlyFiniteNumbers))
    }

    /// On a shelf of mixed shapes no two covers overlap, and a click hits the cover it is on.
    @Test func mixedShapesOnOneShelf() {
        var library = Library.synthetic(books: 5, pages: 4)
        for (i, a) in [0.5, 2.5, 1.0, 2.5, 0.6].enumerated() { library.books[i].pageAspect = a }
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.update(at: 0)
        for p in stride(from: 0.0, through: 4 * app.shelf.layout.stride, by: 37) {
            let layout = app.shelf.layout
            let spans = layout.visibleIndices(at: p).map { i -> (Double, Double) in
                let half = layout.coverSize(of: i).width * layout.scale(of: i, at: p) / 2
                return (layout.centerX(of: i, at: p) - half, layout.centerX(of: i, at: p) + half)
            }
            #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.1 <= $1.0 + 1e-9 })
        }
        // The wide second cover is hit across its width, not just a portrait cell's.
        let layout = app.shelf.layout
        let x = layout.centerX(of: 1, at: 0) + layout.coverSize(of: 1).width * layout.scale(of: 1, at: 0) / 2 - 2
        #expect(layout.index(at: Point(x: x, y: 400), p: 0) == 1)
    }

    /// A book's shape from its first pages: the most common one, a near-tutorial shape kept
    /// exact, bounded, nothing readable meaning the tutorial's page.
    @Test func aBookTakesTheMostCommonShapeOfItsFirstPages() {
        func sizes(_ pairs: [(Double, Double)]) -> [Size] { pairs.map { Size(width: $0.0, height: $0.1) } }
        // Landscape photos (one a few pixels off) with a portrait cover: landscape wins.
        let photos = PageGeometry.aspect(ofPageSizes: sizes([(800, 1200), (4000, 3000), (4000, 3000), (3998, 3000), (4000, 3000)]))
        #expect(abs((photos ?? 0) - 4.0 / 3.0) < 0.001)
        // A tie goes to the shape seen first (the cover's).
        #expect(abs((PageGeometry.aspect(ofPageSizes: sizes([(1000, 1000), (2000, 1000)])) ?? 0) - 1) < 1e-9)
        // Scans within 3 % of the tutorial's page keep it exactly; bundled art is 724×1136.
        #expect(PageGeometry.aspect(ofPageSizes: sizes([(724, 1136), (2400, 3600), (730, 1136)])) == nil)
        // Out of bounds: clamped; nothing usable: nil.
        #expect(PageGeometry.aspect(ofPageSizes: sizes([(10000, 100)])) == 2.5)
        #expect(PageGeometry.aspect(ofPageSizes: sizes([(100, 10000)])) == 0.4)
        #expect(PageGeometry.aspect(ofPageSizes: sizes([(0, 100), (.nan, 5), (.infinity, 2)])) == nil)
        #expect(PageGeometry.aspect(ofPageSizes: []) == nil)
    }

    /// A PDF's book takes its first page's shape from the document header.
    @Test func aPDFBookTakesItsFirstPagesShape() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("slides.pdf")
        try DocumentLibraryTests.pdf.write(to: url)
        let slides = FakeInspector(["slides.pdf": .success(DocumentInfo(pageCount: 3, title: nil, firstPageSize: Size(width: 960, height: 540)))])
        let book = try #require(try LibraryLoader.load(url.path, documents: slides).library.books.first)
        #expect(abs((book.pageAspect ?? 0) - 960.0 / 540.0) < 1e-9)
        #expect(book.pageShape.width > book.pageShape.height)
    }
}
