/// A full-window scene that lives on the navigation stack. A scene carries what it is: how it
/// draws at a pose of its own type, the keys it answers (its part of the one key table), and what a pinch
/// deeper or back means from it. The app routes input to it and draws it; it never asks
/// which kind of scene it holds.
public protocol Scene: AnyObject {
    /// How it shows at one instant (the shelf's covers fading, the book's openness, the
    /// reading view's flatness): its own type, set by the transitions that move it
    /// (`ScenePoses`).
    associatedtype Pose: Sendable
    /// Its name in the state trace and in a capture (shelf, book, reading).
    var kind: SceneKind { get }
    var size: Size { get }
    /// The keys it answers at rest on top of the stack (`KeyBindings`' context).
    var inputContext: KeyContext { get }
    /// How it shows at rest on top of the stack (a transition's animator poses it otherwise;
    /// under another scene it shows as the push that covered it left it).
    var restingPose: Pose { get }
    /// The transition that pushes it onto the stack and pops it off (nil: the root, never
    /// pushed).
    var transitionAnimator: (any TransitionAnimator)? { get }
    /// What a pinch (or the wheel) outwards asks from it at rest on top; nil: nothing deeper.
    var deeper: SceneRequest? { get }
    /// What a pinch inwards asks from it at rest on top; nil: nothing to go back to.
    var back: SceneRequest? { get }
    /// True when it covers every scene under it at `pose` (they need not be drawn).
    func isOpaque(in pose: Pose) -> Bool
    /// Adds its layers at `pose` to `list`, over the scenes under it.
    func draw(into list: inout DrawList, in pose: Pose)
    /// Adds what it shows only at rest on top of the stack, over every scene (default: nothing).
    func drawAtRest(into list: inout DrawList)
    /// Adopt a new window size; whatever was moving lands at its target.
    func resize(to size: Size)
    func handle(_ input: SceneInput, at time: Double) -> SceneRequest?
    /// Advance animations to `time` on the animation clock.
    func update(at time: Double)
    /// True when nothing in the scene is moving.
    var isAtRest: Bool { get }
    /// Writes what it shows into the state trace's line (default: nothing; the shelf, the
    /// book and the reading view are traced by the app).
    func trace(into frame: inout TraceFrame)
    /// What it wants ready next, most wanted first, beyond what it draws (default: nothing of
    /// its own; the shelf's covers and the open book's pages are `Prefetch`'s).
    var prefetchContents: [LayerContent] { get }
}

/// A scene that shows a book's pages, of any kind: the page services (the strip, a typed
/// page number, search, the contents, a link's jump, the line under the pages and its page
/// label) work over whichever scene on top has it, asking it only these, never its type.
/// (What it wants ready next is `Scene.prefetchContents`.)
public protocol PageShowing: Scene {
    /// The book whose pages it shows (its index in the library).
    var bookIndex: Int { get }
    /// The display pages the reader is at, at rest: a spread's two, left then right (the
    /// spread's, even while one of them is read at a time), or the one page it shows.
    var pagesAtRest: [Int] { get }
    /// The display page read one page at a time; nil when the spread is shown.
    var pageRead: Int? { get }
    /// The display pages the window shows now, as the page label names them: one page, or a
    /// spread's two (mid-turn, those the turning leaf has not yet covered).
    var pagesShown: [Int] { get }
    /// The lowest the pages reach on screen at rest, window points (the label sits under it).
    var pagesBottom: Double { get }
    /// The room kept free at the window's bottom (for the strip), points: a line under the
    /// pages stays above it.
    var bottomInset: Double { get }
    /// A right-to-left book: its pages (and the strip's) run from right to left.
    var mirrored: Bool { get }
    /// Keeps `inset` points free at the window's bottom (the strip's band), laying the pages
    /// out above it; 0 gives the room back.
    func makeRoom(bottom inset: Double)
    /// True while the pages move on their own way to the place asked for (a leaf turning, the
    /// view sliding to a page): the page label waits.
    var pagesMoving: Bool { get }
    /// Goes to display page `page`, arriving as `arriving` says (its top, or a place on it).
    func go(toPage page: Int, arriving: ReadingPlace.Arrival, at time: Double)
    /// The pages lying flat on the window at rest and their rectangles, window points (none
    /// while they move): a page's links are clicked there and a search's hits marked. Nil
    /// when its pages do not lie flat (the book in 3D: hits are marked on its pages' layers).
    func flatPages() -> [(page: Int, frame: Rect)]?
    /// Scrolls so that `box` (window points) is in view, as a search's hit is shown; false
    /// when it was in view already or nothing scrolls.
    @discardableResult
    func reveal(_ box: Rect, at time: Double) -> Bool
    /// Where the reader is, exactly (the page and its line at the window's top), for the
    /// reading history: back after a jump (a link, the contents, a hit, a typed page) returns
    /// there. Nil when the scene keeps no history (its back goes up a level).
    var historyPlace: ReadingPlace? { get }
}

extension PageShowing {
    public func flatPages() -> [(page: Int, frame: Rect)]? { nil }
    @discardableResult
    public func reveal(_ box: Rect, at time: Double) -> Bool { false }
    public var historyPlace: ReadingPlace? { nil }
}

/// A scene that shows the open book's pages as the book does (the book in 3D, the reading
/// view): besides the page services, held keys, the fan's prefetch and clicks on its sides
/// turn its leaves.
public protocol BookShowing: PageShowing {
    /// The open book whose paging this scene shows.
    var book: BookScene { get }
    /// The display page the window shows now, one page at a time (mid-turn, the page the
    /// turning leaf has not yet covered); nil when the spread is shown (`BookScene.leafShown`).
    var pageShown: Int? { get }
    /// The book's pages as drawn at `pose` (the state trace's pages).
    func pages(in pose: Pose) -> [PageState]
    /// The leaf a press of `key` turns the book to from here (nil: it turns no leaf).
    func leafTurned(by key: Key, _ modifiers: Modifiers) -> Int?
    /// Leaves either side of the spread whose pages it draws too (the book in 3D's fan).
    var fanLeaves: Int { get }
    /// A click on a side of the window turns a leaf at once (a comic's, a photo's); false:
    /// clicks turn nothing, so a double-click anywhere can zoom (a document's text).
    var clicksTurn: Bool { get }
}

extension BookShowing {
    public var bookIndex: Int { book.bookIndex }
    public var pagesAtRest: [Int] { [2 * book.currentLeaf + 1, 2 * book.currentLeaf + 2] }
    public var pagesShown: [Int] { pageShown.map { [$0] } ?? [2 * book.leafShown + 1, 2 * book.leafShown + 2] }
    public var bottomInset: Double { book.layout.bottomInset }
    public var mirrored: Bool { book.mirrored }
    public var pagesMoving: Bool { book.isTurning || book.focus.isSliding }
}

extension Scene {
    public func drawAtRest(into list: inout DrawList) {}
    public func trace(into frame: inout TraceFrame) {}
    public var prefetchContents: [LayerContent] { [] }
}
