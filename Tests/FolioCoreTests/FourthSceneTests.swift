import Testing
@testable import FolioCore

/// A fourth scene added the way a new one is meant to be: its own file (this one) and one
/// registration line (`FourthSceneTests.entry` handed to the app, as `SceneCatalog.entries`
/// would list it). Nothing in FolioApp knows it: the app pushes it with its own transition,
/// routes keys to it, draws it over the reading view, and pops it on its own way back.
@Suite struct FourthSceneTests {
    /// A stand-in page overview: a veil over the page being read, fading in and out with its
    /// transition; Right and Left move its selection, Escape (or a pinch back) leaves it.
    final class Overview: Scene {
        static let context = KeyContext("overview", heading: "In the page overview:")
        let kind = SceneKind(rawValue: "overview")
        private(set) var size: Size
        private(set) var selected = 0
        /// The title of the book it overviews, read from the library it was made with.
        let title: String
        init(size: Size, title: String) {
            self.size = size
            self.title = title
        }
        var inputContext: KeyContext { Overview.context }
        /// How far the veil has come in (1 at rest).
        var restingPose: Double { 1 }
        var transitionAnimator: (any TransitionAnimator)? { Fade() }
        var deeper: SceneRequest? { nil }
        var back: SceneRequest? { .leave }
        var isAtRest: Bool { true }
        func isOpaque(in pose: Double) -> Bool { false }
        func draw(into list: inout DrawList, in pose: Double) {
            list.bands.append((Rect(x: 0, y: 0, width: size.width, height: size.height), RGBA(0, 0, 0, 0.5 * pose)))
        }
        func resize(to size: Size) { self.size = size }
        func update(at time: Double) {}
        func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
            guard case .key(let key, _) = input else { return nil }
            switch KeyBindings.action(for: key, in: FourthSceneTests.entry.bindings) {
            case .next?: selected += 1
            case .previous?: selected -= 1
            case .close?: return .leave
            default: break
            }
            return nil
        }
    }

    /// Its transition: a linear fade of 0.4 s, posing only the overview; the reading view
    /// stays as it rests under it.
    struct Fade: TransitionAnimator {
        func transitionDuration(_ context: TransitionContext) -> Double { 0.4 }
        func curve(_ context: TransitionContext) -> any Motion { TimingCurve.linear(duration: 0.4) }
        func poses(_ context: TransitionContext, value: Double) -> ScenePoses {
            var poses = ScenePoses()
            poses.set(context.above as? Overview, context.operation == .push ? value : 1 - value)
            return poses
        }
    }

    static let entry = SceneEntry(
        key: .o, from: .reading, help: "the page overview", context: Overview.context,
        bindings: [KeyBinding(keys: [.right, .left], context: Overview.context, action: .next, help: "select"),
                   KeyBinding(keys: [.escape], context: Overview.context, action: .close, help: "back to reading")],
        make: { making in
            guard let reading = making.below as? ReadingScene,
                  making.library.books.indices.contains(reading.book.bookIndex) else { return nil }
            return Overview(size: making.size, title: making.library.books[reading.book.bookIndex].title)
        })

    /// An app reading book 0 flat, with the overview registered.
    static func reading() -> (FolioApp, Double) {
        let app = FolioApp(library: .synthetic(books: 3, pages: 12), size: Size(width: 1280, height: 800), scenes: [entry])
        app.update(at: 0)
        app.read(book: 0, atPage: 5, at: 0)
        var t = 0.0
        while t < 3 { t += 1.0 / 60; app.update(at: t) }
        return (app, t)
    }

    static func settle(_ app: FolioApp, from t: inout Double, for seconds: Double = 1) {
        let end = t + seconds
        while t < end { t += 1.0 / 60; app.update(at: t) }
    }

    @Test func aKeyPushesItWithItsOwnTransitionAndItTakesTheKeys() throws {
        var (app, t) = Self.reading()
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book, .reading])
        let leaf = try #require(app.book).currentLeaf
        app.handle(.key(.o, []), at: t)
        let transition = try #require(app.transition)
        #expect(transition.animator is Fade && transition.duration == 0.4)
        // Half way: the reading view still drawn, the veil half in over it.
        t += 0.2
        app.update(at: t)
        let veil = try #require(app.drawList().bands.last)
        #expect(abs(veil.colour.a - 0.25) < 0.02 && !app.drawList().layers.isEmpty)
        Self.settle(app, from: &t)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book, .reading, SceneKind(rawValue: "overview")])
        #expect(app.trace(frame: 0, t: t).json.serialized().contains("\"overview\""))
        let overview = try #require(app.navigation.top as? Overview)
        // It was made with the library: the book read is the one it names.
        #expect(overview.title == app.library.books[0].title && !overview.title.isEmpty)
        // Its keys are its own: Right selects, and no leaf turns under it.
        app.handle(.key(.right, []), at: t)
        Self.settle(app, from: &t)
        #expect(overview.selected == 1 && app.book?.currentLeaf == leaf)
        #expect(app.drawList().bands.last?.colour.a == 0.5)
        // Escape leaves it on its own transition, back to the page being read.
        app.handle(.key(.escape, []), at: t)
        #expect(app.transition?.animator is Fade && app.transition?.operation == .pop)
        Self.settle(app, from: &t)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book, .reading] && app.book?.currentLeaf == leaf)
    }

    @Test func onlyItsContextPushesItAndAPinchBackLeavesIt() throws {
        var (app, t) = Self.reading()
        // From the 3D book the key does nothing of the overview's.
        app.handle(.key(.escape, []), at: t)
        Self.settle(app, from: &t)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book])
        app.handle(.key(.o, []), at: t)
        #expect(app.transition == nil && app.navigation.scenes.count == 2)
        app.handle(.key(.return, []), at: t)
        Self.settle(app, from: &t)
        app.handle(.key(.o, []), at: t)
        Self.settle(app, from: &t)
        #expect(app.navigation.scenes.count == 4)
        // The wheel down (a pinch inwards) goes back a step: out of the overview only.
        for _ in 0..<3 {
            app.handle(.wheel(dx: 0, dy: -1, modifiers: []), at: t)
            t += 0.05
            app.update(at: t)
        }
        Self.settle(app, from: &t, for: 2)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book, .reading])
    }
}
