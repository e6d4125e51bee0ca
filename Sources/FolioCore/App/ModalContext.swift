/// A modal context over the scenes: the list of keys, a find on the shelf, the window's keys,
/// steering a transition, a page number being typed, a book's contents, the thumbnail strip. Each answers the keys of its part of the
/// key table (`keyContext`) and draws what it shows; a context that does not take a key
/// leaves it to the one under it, and at the bottom of the stack the key goes to the
/// transition in flight or the scene on top. A context may end itself as it answers (a key
/// that types nothing ends a find, which then lets the key go on).
protocol ModalContext: AnyObject {
    /// Its rows in the key table.
    var keyContext: KeyContext { get }
    /// Where it stands on the stack: a context goes in above every context of a lower level
    /// (the list of keys covers everything; a page number being typed answers before the
    /// strip it may be typed over).
    var level: ModalLevel { get }
    /// Takes `key` (true), or leaves it to the context under it (false).
    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool
    /// Takes characters typed (true), or leaves them.
    func text(_ text: String, in app: any AppHost) -> Bool
    /// Takes the mouse's back button (true: it closed), or leaves it.
    func back(in app: any AppHost) -> Bool
    /// Takes a click at `point` (true), or leaves it to the scene.
    func click(at point: Point, in app: any AppHost) -> Bool
    /// Takes wheel notches (true), or leaves them to the pinch and the scene.
    func wheel(dx: Double, dy: Double, in app: any AppHost) -> Bool
    /// Still stands as the app is now (false: it is taken off the stack).
    func holds(in app: any AppHost) -> Bool
    /// True while something it shows moves or fades (the viewer must keep drawing).
    func isChanging(in app: any AppHost) -> Bool
    /// Adds what it shows to `list`, over the scenes.
    func draw(into list: inout DrawList, in app: any AppHost)
    /// Each frame, before input: acts on what came in meanwhile (a search's first hit).
    func update(in app: any AppHost)
}

extension ModalContext {
    func text(_ text: String, in app: any AppHost) -> Bool { false }
    func back(in app: any AppHost) -> Bool { false }
    func click(at point: Point, in app: any AppHost) -> Bool { false }
    func wheel(dx: Double, dy: Double, in app: any AppHost) -> Bool { false }
    func holds(in app: any AppHost) -> Bool { true }
    func isChanging(in app: any AppHost) -> Bool { false }
    func draw(into list: inout DrawList, in app: any AppHost) {}
    func update(in app: any AppHost) {}
}

/// Where a context stands on the modal stack: a priority it declares, higher above lower.
/// Folio's own contexts use the ones named here, lowest first; a new context takes a number
/// between them (no list to change).
struct ModalLevel: Comparable, Hashable {
    let priority: Int

    static let links = ModalLevel(priority: 10), strip = ModalLevel(priority: 20), typedPage = ModalLevel(priority: 30)
    static let contents = ModalLevel(priority: 40), steering = ModalLevel(priority: 50), window = ModalLevel(priority: 60)
    static let search = ModalLevel(priority: 70), find = ModalLevel(priority: 80), prompt = ModalLevel(priority: 90)
    static let help = ModalLevel(priority: 100)

    static func < (a: ModalLevel, b: ModalLevel) -> Bool { a.priority < b.priority }
}

/// The modal contexts standing over the scenes, bottom first. Input goes to the top one
/// first, and down the stack while each leaves it; the stack draws them bottom first.
final class ModalStack {
    private(set) var contexts: [any ModalContext] = []

    /// Puts `context` on the stack, above every context of its level or lower; nothing when
    /// it is there already.
    func push(_ context: any ModalContext) {
        guard !contains(context) else { return }
        let index = contexts.firstIndex { $0.level > context.level } ?? contexts.endIndex
        contexts.insert(context, at: index)
    }

    func remove(_ context: any ModalContext) {
        contexts.removeAll { $0 === context }
    }

    func contains(_ context: any ModalContext) -> Bool {
        contexts.contains { $0 === context }
    }

    /// The context of type `type` on the stack, if one is.
    func first<C: ModalContext>(_ type: C.Type) -> C? {
        contexts.lazy.compactMap { $0 as? C }.first
    }

    /// Hands `answer` to each context from the top down until one takes it.
    func answer(_ answer: (any ModalContext) -> Bool) -> Bool {
        for context in contexts.reversed() where contains(context) {
            if answer(context) { return true }
        }
        return false
    }

    /// Takes off the contexts that no longer stand as the app is now.
    func prune(in app: any AppHost) {
        contexts.removeAll { !$0.holds(in: app) }
    }

    func update(in app: any AppHost) {
        for context in contexts { context.update(in: app) }
    }

    func isChanging(in app: any AppHost) -> Bool {
        contexts.contains { $0.isChanging(in: app) }
    }

    func draw(into list: inout DrawList, in app: any AppHost) {
        for context in contexts { context.draw(into: &list, in: app) }
    }
}
