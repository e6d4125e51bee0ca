/// What the modal contexts, the gestures and the helpers over the scenes see of the app:
/// the navigation stack, the clock, the window, the library, the modal stack they stand
/// on, the reader of documents' links and text, and one door for every request (`send`: a
/// scene's, input handed on to the scene, and the window's: fullscreen, quit, a notice, an
/// address to open). A context changes nothing of the app's but through that door and the
/// modal stack (the gestures also move the pointer). No scene by its type: a context finds
/// the pages it serves through `PageShowing`. `FolioApp` is the one host; a context never
/// holds the app itself, and a test may hand it any host.
protocol AppHost: AnyObject {
    /// The scenes, bottom first (the shelf), and the transition between two of them.
    var navigation: NavigationStack { get }
    /// Real time and the animation time (slowed in slow motion).
    var clock: AppClock { get }
    /// The window's size, whether it covers the screen, the pointer, the words on it.
    var window: AppWindow { get }
    /// The books, as loaded.
    var library: Library { get }
    /// The contexts standing over the scenes.
    var modals: ModalStack { get }
    /// What reads a document's links and text.
    var documents: DocumentReader? { get }
    /// Carries out a request: a scene's (open a book, go back, push a registered scene…),
    /// input handed on to the scene on top, or the window's (fullscreen, quit, a notice, an
    /// address to open).
    func send(_ request: SceneRequest)
}

/// What the helpers see of the window, as it is now.
struct AppWindow {
    /// Its size in points.
    let size: Size
    /// It covers the screen.
    let fullscreen: Bool
    /// Where the pointer is (the gestures move it).
    let pointer: PointerPlace
    /// The hint, the page indicator and notices.
    let words: OnScreenText
}

extension AppHost {
    /// Nothing can be typed on the scene on top (a book, 3D or flat, or a scene above it),
    /// nor while a transition runs: single letters are the window's commands there.
    var typesNothing: Bool { navigation.transition != nil || !(navigation.top is any TitleFinding) }

    /// The scene on top at rest (no transition) showing a book's pages, of a book the
    /// library holds: what the strip, a typed page, search, the contents and links serve.
    var pageShowingAtRest: (any PageShowing)? {
        guard navigation.transition == nil, let showing = navigation.top as? any PageShowing,
              library.books.indices.contains(showing.bookIndex) else { return nil }
        return showing
    }

    /// The page being read in `showing`, as the book numbers it: the page read one page at a
    /// time, else the first numbered page the reader is at.
    func numberRead(in showing: any PageShowing) -> Int {
        let numbering = library.books[showing.bookIndex].numbering
        if let page = showing.pageRead, let n = numbering.number(ofDisplayPage: page) { return n }
        return numbering.numbers(onPages: showing.pagesAtRest).first ?? 1
    }
}

/// What the gestures see besides: the scenes they may reach by a pinch, and the app's own
/// doors for input and for what a scene asks.
protocol GestureHost: AppHost {
    /// The scenes registered besides the shelf and the book (`SceneCatalog`).
    var registeredScenes: [SceneEntry] { get }
    /// The registered scene a pinch inwards brings over the scene on top, if any.
    var pinchedInEntry: SceneEntry? { get }
    /// Pushes that scene, its transition driven by the pinch.
    func pushPinchedInScene()
    /// Handles an input event as if it came from the window.
    func handle(_ event: InputEvent, at time: Double)
}

extension FolioApp: GestureHost {}

/// What draws the app's frames (the renderer, a headless canvas) and holds keys down for it
/// sees of it: its size and clock, the frame's draw list, the pages it will want next, and
/// whether it is at rest.
public protocol DrawnApp: AnyObject {
    var size: Size { get }
    var time: Double { get }
    var library: Library { get }
    /// The open book, if any.
    var book: BookScene? { get }
    /// True when nothing moves or is held (textures no frame wants may go).
    var isAtRest: Bool { get }
    /// Everything the frame shows, back to front.
    func drawList() -> DrawList
    /// The pages to make ready next, and those shown meanwhile in their place.
    func prefetchContents() -> [LayerContent]
    func standInContents() -> [LayerContent]
    /// The pages a key would turn the book to.
    func pagesTurnedTo(by key: Key, _ modifiers: Modifiers) -> [LayerContent]
}

/// What hands the app's links to the desktop sees of it: the reader of documents' links and
/// text it is given, and an address a reader chose to open.
public protocol DesktopLinksHost: AnyObject {
    var documents: DocumentReader? { get set }
    var addressToOpen: String? { get set }
}

extension FolioApp: DrawnApp, DesktopLinksHost {}
