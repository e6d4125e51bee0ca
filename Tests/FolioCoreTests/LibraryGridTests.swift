import Foundation
import Testing
@testable import FolioCore

/// The library grid: a pinch inwards on the shelf shrinks it into every cover in rows, a
/// pinch outwards (a click, Enter) brings the shelf back centred on a cover.
@Suite struct LibraryGridTests {
    static let size = Size(width: 1280, height: 800)

    /// Thirty books, the shelf centred on book 7.
    static func driver(books: Int = 30, centred: Int = 7) -> AppDriver {
        let driver = AppDriver(books: books)
        driver.app.shelf.settle(onBook: centred)
        return driver
    }

    static func wheel(_ dy: Double, ctrl: Bool = false) -> InputEvent {
        .wheel(dx: 0, dy: dy, modifiers: ctrl ? .ctrl : [])
    }

    static func grid(_ driver: AppDriver) throws -> LibraryScene {
        try #require(driver.app.navigation.top as? LibraryScene)
    }

    /// Opens the grid with Down and lets it settle.
    static func opened(books: Int = 30, centred: Int = 7) throws -> (AppDriver, LibraryScene) {
        let driver = Self.driver(books: books, centred: centred)
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 1)
        return (driver, try grid(driver))
    }

    @Test func theWheelDownOnTheShelfPinchesItIntoTheGridAndTheTraceNamesIt() throws {
        let driver = Self.driver()
        driver.recording = true
        // Three notches down, a fifth of a second apart: the transition follows the wheel.
        let t = driver.now
        driver.run(until: t + 0.12, events: [(t + 0.1, Self.wheel(-1))])
        let held = try #require(driver.app.transition)
        #expect(held.operation == .push && held.isInteractive && abs(held.progress - 0.25) < 1e-9)
        #expect(held.context.to is LibraryScene)
        driver.run(until: t + 2, events: [(t + 0.2, Self.wheel(-1)), (t + 0.3, Self.wheel(-1))])
        #expect(driver.kinds == [.shelf, LibraryScene.sceneKind])
        let line = try TraceFrame.decode(#require(driver.traces.last))
        #expect(line.stack == [.shelf, LibraryScene.sceneKind])
        let library = try #require(line.library)
        #expect(library.count == 30 && library.sort == "library" && library.selected == 7 && library.size == "medium")
        // Six across at 1280×800; book 7's row in the middle of the window.
        #expect(library.visible.contains(7) && library.visible == library.visible.sorted())
        #expect(try Self.grid(driver).layout.columns == 6)
        // Before the grid: no library in the trace.
        let first = try TraceFrame.decode(#require(driver.traces.first))
        #expect(first.library == nil)
    }

    /// A scene's request reaches a registered scene by its keys' context, and `.leave` pops it,
    /// each with the scene's own transition (what a new scene would ask for, no case of its own).
    @Test func aRequestPushesARegisteredSceneByItsContextAndLeaveTakesItOff() throws {
        let driver = Self.driver()
        driver.app.send(.push(LibraryScene.entry.context))
        #expect(driver.app.transition?.context.to is LibraryScene)
        driver.run(until: driver.now + 1)
        #expect(driver.kinds == [.shelf, LibraryScene.sceneKind])
        driver.app.send(.push(LibraryScene.entry.context))
        driver.run(until: driver.now + 1)
        #expect(driver.kinds == [.shelf, LibraryScene.sceneKind], "pushed once: the grid has no grid over it")
        driver.app.send(.leave)
        driver.run(until: driver.now + 1)
        #expect(driver.kinds == [.shelf])
    }

    @Test func aPinchReversedBeforeHalfCancelsAndTheShelfStays() throws {
        let driver = Self.driver()
        let t = driver.now
        // One notch in, then the wheel turns back up: the shelf comes back as it was.
        driver.run(until: t + 2, events: [(t + 0.1, Self.wheel(-1)), (t + 0.2, Self.wheel(1))])
        #expect(driver.kinds == [.shelf] && driver.app.transition == nil)
        #expect(driver.app.shelf.centredIndex == 7)
    }

    @Test func aPinchInterruptedMidFlightIsTakenWhereItIs() throws {
        let driver = Self.driver()
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 0.15)
        let running = try #require(driver.app.transition)
        #expect(running.operation == .push && !running.isInteractive && running.progress > 0)
        // The wheel up takes hold of it and drives it back: the grid never lands.
        let t = driver.now
        driver.run(until: t + 2, events: [(t + 0.01, Self.wheel(1)), (t + 0.1, Self.wheel(1))])
        #expect(driver.kinds == [.shelf])
    }

    @Test func ctrlWheelUpOverACoverGoesBackToTheShelfCentredOnIt() throws {
        let (driver, grid) = try Self.opened()
        let slot = 15
        let frame = grid.layout.coverFrame(of: slot, at: grid.scroller.position)
        let over = Point(x: frame.midX, y: frame.midY)
        #expect(frame.minY >= 0 && frame.maxY <= Self.size.height)
        driver.send(.pointerMoved(over))
        #expect(grid.hovered == slot && grid.chosenBook == 15)
        let t = driver.now
        driver.run(until: t + 2, events: [(t + 0.05, Self.wheel(1, ctrl: true)), (t + 0.15, Self.wheel(1, ctrl: true)),
                                          (t + 0.25, Self.wheel(1, ctrl: true))])
        #expect(driver.kinds == [.shelf])
        #expect(driver.app.shelf.centredIndex == 15 && driver.app.shelf.isAtRest)
        // One more pinch outwards opens it, as on the shelf.
        driver.run(until: driver.now + 2, events: [(driver.now + 0.05, Self.wheel(1)), (driver.now + 0.15, Self.wheel(1)),
                                                   (driver.now + 0.25, Self.wheel(1))])
        #expect(driver.app.book?.bookIndex == 15)
    }

    @Test func theWheelWithoutCtrlScrollsTheGrid() throws {
        let (driver, grid) = try Self.opened()
        let before = grid.scroller.position
        driver.run(until: driver.now + 1, events: [(driver.now + 0.05, Self.wheel(-1))])
        #expect(grid.scroller.position > before && driver.kinds.last == LibraryScene.sceneKind)
        #expect(abs(grid.scroller.position - before - LibraryScene.wheelStep) < 1e-6)
    }

    @Test func aClickOnACoverCentresTheShelfOnIt() throws {
        let (driver, grid) = try Self.opened()
        let frame = grid.layout.coverFrame(of: 10, at: grid.scroller.position)
        let at = Point(x: frame.midX, y: frame.midY)
        driver.run(until: driver.now + 1.5, events: [(driver.now + 0.02, .pointerDown(at)), (driver.now + 0.05, .pointerUp(at))])
        #expect(driver.kinds == [.shelf] && driver.app.shelf.centredIndex == 10)
        // A click between covers does nothing.
        let (other, otherGrid) = try Self.opened()
        let box = otherGrid.layout.boxFrame(of: 10, at: otherGrid.scroller.position)
        let gap = Point(x: box.maxX + otherGrid.layout.gap / 2, y: box.midY)
        other.run(until: other.now + 1, events: [(other.now + 0.02, .pointerDown(gap)), (other.now + 0.05, .pointerUp(gap))])
        #expect(other.kinds.last == LibraryScene.sceneKind)
    }

    @Test func keysSelectAndEnterOrEscapeGoBack() throws {
        let (driver, grid) = try Self.opened()
        #expect(grid.selected == 7)
        for key in [Key.right, .down, .down, .left] { driver.send(.key(key, [])) }
        #expect(grid.selected == 7 + 1 + 12 - 1)
        driver.send(.key(.end, []))
        #expect(grid.selected == 29)
        driver.send(.key(.down, []))
        #expect(grid.selected == 29)
        driver.send(.key(.home, []))
        driver.send(.key(.up, []))
        #expect(grid.selected == 0)
        driver.send(.key(.pagedown, []))
        #expect(grid.selected > 6 && grid.selected % 6 == 0)
        driver.send(.key(.return, []))
        driver.run(until: driver.now + 1.5)
        #expect(driver.kinds == [.shelf] && driver.app.shelf.centredIndex == grid.selected)

        let (other, otherGrid) = try Self.opened()
        other.send(.key(.end, []))
        other.send(.key(.escape, []))
        other.run(until: other.now + 1.5)
        #expect(other.kinds == [.shelf] && other.app.shelf.centredIndex == 7 && otherGrid.selected == 29)
    }

    @Test func typingFindsATitleInTheGrid() throws {
        let (driver, grid) = try Self.opened()
        driver.send(.text("Book 2"))
        driver.send(.text("3"))
        #expect(grid.selected == 22 && driver.kinds.last == LibraryScene.sceneKind)
        #expect(driver.app.find?.text == "Book 23")
    }

    @Test func tabOrdersTheGridAsTheShelfAndKeepsTheSelection() throws {
        var library = Library.synthetic(books: 5, pages: 4)
        for (i, title) in ["delta", "Alpha", "echo", "charlie", "Bravo"].enumerated() { library.books[i].title = title }
        let driver = AppDriver(library: library)
        driver.send(.key(.down, []))
        driver.run(until: 1)
        let grid = try Self.grid(driver)
        driver.send(.key(.right, []))
        #expect(grid.book(inSlot: grid.selected) == 1)
        // As listed → last read first (none read: as listed) → by title.
        driver.send(.key(.tab, []))
        driver.send(.key(.tab, []))
        driver.recording = true
        driver.run(until: driver.now + 0.1)
        let line = try TraceFrame.decode(#require(driver.traces.last))
        #expect(line.library?.sort == "title" && line.library?.selected == 1)
        #expect(grid.order == [1, 4, 3, 0, 2] && driver.app.shelf.order == grid.order)
        #expect(line.library?.visible == [1, 4, 3, 0, 2])
    }

    @Test func ctrlPlusAndMinusChangeTheCoversSize() throws {
        let (driver, grid) = try Self.opened()
        let medium = grid.layout.columns
        driver.send(.key(.minus, .ctrl))
        #expect(grid.layout.density == .small && grid.layout.columns > medium)
        driver.send(.key(.equals, .ctrl))
        driver.send(.key(.equals, .ctrl))
        #expect(grid.layout.density == .large && grid.layout.columns < medium)
        driver.send(.key(.equals, .ctrl))
        #expect(grid.layout.density == .large)
        // The selection stays on screen, and the next grid opens at the size chosen.
        #expect(grid.visibleSlots.contains(grid.selected))
        driver.send(.key(.escape, []))
        driver.run(until: driver.now + 1.5)
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 1.5)
        #expect(try Self.grid(driver).layout.density == .large)
    }

    @Test func midFlightTheShelfCoversFlyToTheirCells() throws {
        let driver = Self.driver()
        let shelfFrames = Dictionary(uniqueKeysWithValues: driver.app.shelf.coverFrames().map { ($0.book, $0.frame) })
        driver.send(.key(.down, []))
        // Before the curve moves: every cover where the shelf had it.
        let grid = try #require(driver.app.transition?.context.to as? LibraryScene)
        var list = DrawList(background: ShelfScene.background)
        grid.draw(into: &list, in: 0)
        let covers = list.layers.filter { if case .cover = $0.content { return true } else { return false } }
        // Before the curve moves only the shelf's covers show (the others have not faded in).
        #expect(covers.count == shelfFrames.count)
        var half = DrawList(background: ShelfScene.background)
        grid.draw(into: &half, in: 0.5)
        let halfCovers = half.layers.filter { if case .cover = $0.content { return true } else { return false } }
        let gridOnly = grid.layout.visibleSlots(at: grid.scroller.position).filter { !shelfFrames.keys.contains(grid.book(inSlot: $0)) }
        #expect(halfCovers.count == shelfFrames.count + gridOnly.count && !gridOnly.isEmpty)
        for layer in covers {
            guard case .cover(let book) = layer.content, let from = shelfFrames[book] else { continue }
            let width = layer.size.width * layer.transform.m11
            #expect(abs(layer.position.x - from.midX) < 1e-6 && abs(width - from.size.width) < 1e-6)
        }
        // At the end: each at its cell, whole.
        var end = DrawList(background: ShelfScene.background)
        grid.draw(into: &end, in: 1)
        for layer in end.layers {
            guard case .cover(let book) = layer.content else { continue }
            let cell = grid.layout.coverFrame(of: grid.slot(ofBook: book), at: grid.scroller.position)
            #expect(abs(layer.position.x - cell.midX) < 1e-6 && abs(layer.position.y - cell.midY) < 1e-6 && layer.opacity == 1)
        }
    }

    @Test func aBookArrivingWhileTheGridShowsJoinsIt() throws {
        let (driver, grid) = try Self.opened()
        var more = Library.synthetic(books: 2, pages: 3)
        more.books[0].title = "Arrived"
        let loaded = LoadedLibrary(library: more, problems: [])
        _ = driver.app.adopt(dropOf: "/books/new", .success(loaded), centring: false, at: driver.now)
        driver.recording = true
        driver.run(until: driver.now + 0.1)
        let line = try TraceFrame.decode(#require(driver.traces.last))
        // A folder of two books arrived in the library: a series, one stack.
        #expect(line.library?.count == 32 && line.shelf.count == 32 && grid.items.count == 31)
        #expect(grid.items.last == .stack(name: "new", books: [30, 31]))
        #expect(grid.selected == 7)
    }
}

@Suite struct LibraryGridLayoutTests {
    @Test func slotsHitAndShowWhereTheyAreDrawn() {
        let layout = LibraryGridLayout(size: Size(width: 1280, height: 800), count: 100)
        let y = 700.0
        let visible = layout.visibleSlots(at: y)
        #expect(!visible.isEmpty)
        for slot in visible {
            let box = layout.boxFrame(of: slot, at: y)
            #expect(box.maxY + layout.under > 0 && box.minY < 800)
            if box.minY >= 0 && box.maxY <= 800 {
                #expect(layout.slot(at: Point(x: box.midX, y: box.midY), y: y) == slot)
            }
        }
        // The rows just outside the window are not listed.
        let before = visible.lowerBound - 1, after = visible.upperBound
        #expect(layout.boxFrame(of: before, at: y).maxY + layout.under <= 0)
        #expect(layout.boxFrame(of: after, at: y).minY >= 800)
        // Nothing is hit past the last book or in the margins.
        #expect(layout.slot(at: Point(x: 5, y: 400), y: y) == nil)
        let short = LibraryGridLayout(size: Size(width: 1280, height: 800), count: 8)
        let empty = short.boxFrame(of: 11, at: 0)
        #expect(short.slot(at: Point(x: empty.midX, y: empty.midY), y: 0) == nil)
    }

    @Test func aSlotShownIsWholeOnScreenAndTheLastRowReachable() {
        let layout = LibraryGridLayout(size: Size(width: 1280, height: 800), count: 200, density: .large)
        for slot in [0, 37, 120, 199] {
            for from in [0.0, layout.range.upperBound] {
                let y = layout.offset(showing: slot, from: from)
                let box = layout.boxFrame(of: slot, at: y)
                #expect(box.minY >= 0 && box.maxY + layout.under <= 800 + 1e-9)
                #expect(layout.range.contains(y))
            }
        }
        let end = layout.boxFrame(of: 199, at: layout.range.upperBound)
        #expect(end.maxY < 800 && end.maxY > 800 - layout.rowStride)
    }

    @Test func coversKeepTheirShapeInTheirBox() {
        let wide = Size(width: 800, height: 500), tall = Size(width: 300, height: 600)
        let layout = LibraryGridLayout(size: Size(width: 1280, height: 800), count: 2, shapes: [wide, tall])
        for (slot, shape) in [wide, tall].enumerated() {
            let cover = layout.coverFrame(of: slot, at: 0), box = layout.boxFrame(of: slot, at: 0)
            #expect(abs(cover.size.width / cover.size.height - shape.width / shape.height) < 1e-9)
            #expect(cover.size.width <= box.size.width + 1e-9 && cover.size.height <= box.size.height + 1e-9)
            #expect(abs(cover.maxY - box.maxY) < 1e-9 && abs(cover.midX - box.midX) < 1e-9)
        }
    }
}

extension TraceFrame {
    /// A trace line read back as outside checks read it.
    static func decode(_ line: String) throws -> TraceFrame {
        try JSONDecoder().decode(TraceFrame.self, from: Data(line.utf8))
    }
}

extension LibraryGridTests {
    @Test func theRowsAheadOfTheScrollAreMadeReadyFirst() throws {
        let (driver, grid) = try Self.opened(books: 120, centred: 60)
        let columns = grid.layout.columns
        let shown = grid.layout.visibleSlots(at: grid.scroller.position)
        // A drag up the window goes down the rows: the row under the last one first.
        let start = Point(x: 640, y: 600)
        driver.run(until: driver.now + 0.2, events: [(driver.now + 0.02, .pointerDown(start)),
                                                     (driver.now + 0.05, .pointerMoved(Point(x: 640, y: 580))),
                                                     (driver.now + 0.08, .pointerMoved(Point(x: 640, y: 570)))])
        let down = driver.app.prefetchContents()
        let after = grid.layout.visibleSlots(at: grid.scroller.position)
        #expect(Array(down.prefix(columns)) == (after.upperBound..<after.upperBound + columns).map { .cover(book: $0) })
        #expect(!down.contains(.cover(book: after.lowerBound)) && down.count == 4 * columns)
        #expect(shown.lowerBound <= after.lowerBound)
        // The other way: the row over the first one first.
        driver.send(.pointerMoved(Point(x: 640, y: 600)))
        let up = driver.app.prefetchContents()
        let now = grid.layout.visibleSlots(at: grid.scroller.position)
        #expect(Array(up.prefix(columns)) == (now.lowerBound - columns..<now.lowerBound).map { .cover(book: $0) })
    }
}

extension LibraryGridLayoutTests {
    /// At 1280×800 the three sizes put nine, six and four covers in a row, as USING.md says.
    @Test func theThreeSizesAtTheReferenceWindow() {
        let columns = LibraryGridLayout.Density.allCases.map {
            LibraryGridLayout(size: Size(width: 1280, height: 800), count: 50, density: $0).columns
        }
        #expect(columns == [9, 6, 4])
    }
}
