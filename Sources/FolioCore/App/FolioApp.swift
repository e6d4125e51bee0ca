/// Everything the viewer does, without a window: input in, a draw list and a state trace
/// out. The live loop and the recorder are two callers of `handle(_:at:)` and
/// `update(at:)`; time is always passed in.
public final class FolioApp {
    /// The books, what is remembered of them and chosen for them (a drop adds books).
    let bookcase: Bookcase
    public private(set) var size: Size
    /// The root of the stack: the library's books (a drop and a find move it).
    public let shelf: ShelfScene
    public let navigation: NavigationStack
    /// Animations run 10× slower (Ctrl+Shift+S, `--slow-motion`).
    public var slowMotion: Bool {
        get { clock.slowMotion }
        set { clock.slowMotion = newValue }
    }
    /// The modal contexts over the scenes (`ModalContext`): the window's keys, steering, the
    /// contents, links and the strip always (each takes input only while it has something to
    /// show or do), the list of keys, a find, a typed page number and a search while they show.
    let modals = ModalStack()
    /// Ctrl+Q, or Q in a book, asked to leave.
    public internal(set) var quitRequested = false
    /// The window should cover the screen (F11, or F in a book, toggles it; Escape leaves it first); the
    /// live viewer applies it, recordings ignore it.
    public internal(set) var fullscreen = false
    /// Reads a PDF's links and searches its text off the input path (`DocumentReader`); the
    /// live viewer and recordings hand in theirs; without one, no links and no search.
    public var documents: DocumentReader?
    /// An address the reader clicked twice to open: the live viewer hands it to the desktop
    /// and clears it; recordings ignore it.
    public var addressToOpen: String?
    /// The hint, the page indicator's clock, the notice (`ScreenWords` draws them).
    public internal(set) var onScreen = OnScreenText()
    /// Input is being captured (shown on screen); the live viewer sets it.
    public var capturing: Bool {
        get { onScreen.capturing }
        set { onScreen.capturing = newValue }
    }

    /// A capture stopped and was saved at `path` (as a person reads it): the badge says where
    /// for a few seconds.
    public func captureSaved(to path: String) {
        onScreen.capturing = false
        onScreen.notice = ("Capture saved to \(path)", time)
    }

    /// The pointer, the wheel and the touchscreen: clicks, double-clicks and the pinch.
    let gestures = Gestures()
    /// Opening and closing books, laying them flat and standing them up (`BookDoors`).
    let doors: BookDoors
    /// Where the pointer was last seen in the window (the reading view zooms about it).
    let pointerPlace = PointerPlace()

    /// Last time given to the app (real seconds) and the animation clock derived from it.
    private(set) var clock = AppClock()
    public var time: Double { clock.time }
    public var animationTime: Double { clock.animationTime }

    /// What an empty shelf says.
    public static let emptyHint =
        "No books here. Folio reads Books.plist files, folders of images, comic archives, PDFs, DjVu books and images"
        + ": drop one here, or start folio with PATH"

    /// Slow motion's factor, as the iOS Simulator's Slow Animations.
    public static let slowMotionFactor = 10.0
    /// How much faster the arrival of `folio BOOK` plays than a book opened from the shelf:
    /// its opening (1 s) and its laying flat (0.5 s) take an eighth of a second together, a
    /// flourish of about eight frames (at 8×, 0.19 s, the arrival was still most of what the
    /// first page waited for once it was made first: docs/BENCHMARKS.md, "the fourth pass").
    public static let arrivalSpeed = 12.0
    /// Longest step the animation clock takes at once (a stalled frame does not jump).
    static let maxStep = 0.25

    /// Scenes pushed by a key beyond the built-in three (`SceneEntry`).
    let registeredScenes: [SceneEntry]

    public init(library: Library, size: Size, slowMotion: Bool = false, places: PlaceKeeper? = nil,
                scenes: [SceneEntry] = SceneCatalog.entries) {
        bookcase = Bookcase(library: library, places: places)
        registeredScenes = scenes
        self.size = size
        clock.slowMotion = slowMotion
        shelf = ShelfScene(bookCount: library.books.count, size: size, coverShapes: library.books.map(\.pageShape), readings: bookcase)
        navigation = NavigationStack(root: shelf)
        doors = BookDoors(navigation: navigation, bookcase: bookcase, gestures: gestures, pointer: pointerPlace)
        // The order the reader left this shelf in comes back, unannounced.
        if let order = places?.order, order != .library { shelf.reorder(order, at: 0, noting: false) }
        if let index = places?.centredBook(count: library.books.count) { shelf.settle(onBook: index) }
        // The first-run hint shows until the first book is opened, ever (with a state file).
        if places?.openedABook == true { onScreen.hintDismissedAt = -.greatestFiniteMagnitude }
        // The contexts that stand always (each takes input only while it has something to do).
        let standing: [any ModalContext] = [WindowContext(), SteeringContext(), ContentsContext(), LinksContext(), StripContext()]
        for context in standing { modals.push(context) }
    }

    /// The thumbnail strip in a book, shown or not.
    public var strip: ThumbnailStrip { modals.first(StripContext.self)?.strip ?? ThumbnailStrip() }
    public var helpShown: Bool { modals.first(HelpContext.self) != nil }
    /// The find on the shelf, while it takes keys and as its line fades.
    public var find: TitleFind? { modals.first(FindContext.self)?.find }
    /// Where the strip's thumbnails go for `book` in this window.
    public func stripGeometry(_ book: BookScene) -> ThumbnailStrip.Geometry { StripContext.geometry(of: book.bookIndex, in: self) }

    public var transition: Transition? { navigation.transition }
    /// The books on the shelf.
    public internal(set) var library: Library {
        get { bookcase.library }
        set { bookcase.library = newValue }
    }
    /// Where the reader left off (the live viewer's; nil for scripts and recordings).
    public var places: PlaceKeeper? { bookcase.places }
    /// Every book opens right to left, whatever was remembered (`--rtl`).
    public var everyBookRightToLeft: Bool {
        get { bookcase.everyBookRightToLeft }
        set { bookcase.everyBookRightToLeft = newValue }
    }

    /// How the visible scenes show now, each at its own pose (`NavigationStack.poses`).
    public var poses: ScenePoses { navigation.poses }

    /// The open book on screen (3D or flat), or on its way in or out; nil on the shelf.
    public var book: BookScene? { doors.book }
    /// The reading view on screen, or on its way in or out.
    public var reading: ReadingScene? { doors.reading }

    // MARK: Clock

    func advance(to t: Double) {
        clock.advance(to: t, speed: doors.arriving ? FolioApp.arrivalSpeed : 1)
        for scene in navigation.visibleScenes { scene.update(at: animationTime) }
        // The stack's events are acted on as the clock reaches them, before any input at
        // a later time: keys held during a transition play on the scene it reached.
        for event in navigation.update(at: animationTime) {
            if case .ended(_, let finished) = event { transitionEnded(finished: finished) }
        }
        if navigation.transition == nil, let showing = navigation.top as? any PageShowing {
            onScreen.noteSpread(book: showing.bookIndex, pages: showing.pagesAtRest, moving: showing.pagesMoving, at: time)
        } else {
            onScreen.noteClosed()
        }
        modals.prune(in: self)
        doors.noteRest()
    }

    /// Advances every animation to `time` and ends an idle wheel pinch (a touchscreen pinch
    /// lasts while its fingers are down, moving or not).
    public func update(at time: Double) {
        advance(to: time)
        documents?.step()
        modals.update(in: self)
        gestures.update(in: self)
        doors.takeGoneBooks()
        glideToWaitingBook()
    }

    /// The shelf glides to a book waiting to be centred (a drop) once it is on top and still.
    func glideToWaitingBook() {
        if navigation.transition == nil, navigation.top === shelf { shelf.glideToWaitingBook(at: animationTime) }
    }

    // MARK: Input

    public func handle(_ event: InputEvent, at time: Double) {
        advance(to: time)
        switch event {
        case .resize(let newSize):
            guard newSize.width >= 1, newSize.height >= 1, newSize != size else { return }
            size = newSize
            for scene in navigation.visibleScenes { scene.resize(to: newSize) }
        case .key(let key, let modifiers):
            handleKey(key, modifiers)
        case .text(let text):
            handleText(text)
        case .back:
            goBack()
        case .wheel(let dx, let dy, let modifiers):
            gestures.wheel(dx: dx, dy: dy, modifiers: modifiers, in: self)
        case .pointerDown, .pointerMoved, .pointerUp, .pointerLeft:
            gestures.pointer(event, in: self)
        case .touch(let phase, let finger, let point):
            gestures.touch(phase, finger: finger, at: point, time: time, in: self)
        }
    }

    /// What the helpers see of the window (`AppWindow`).
    var window: AppWindow { AppWindow(size: size, fullscreen: fullscreen, pointer: pointerPlace, words: onScreen) }

    /// Does what a scene, a modal context or a gesture asked.
    func send(_ request: SceneRequest) {
        switch request {
        case .input(let input):
            if let request = navigation.top.handle(input, at: animationTime) { send(request) }
        case .openBook(let index): if doors.open(index, size: size, at: animationTime) { onScreen.noteOpened(at: time) }
        case .closeBook: doors.close(at: animationTime)
        case .openReading: doors.openReading(at: animationTime)
        case .closeReading: doors.closeReading(at: animationTime)
        case .shiftPairing, .flipDirection: doors.rearrange(flip: request == .flipDirection)
        case .cyclePageMode, .cycleFit:
            if let name = doors.cycleReading(fit: request == .cycleFit, at: animationTime) { onScreen.notice = (name, time) }
        case .toggleContinuous:
            if let name = doors.toggleContinuous() { onScreen.notice = (name, time) }
        case .typePage(let digit): modals.push(TypedPageContext(digit: digit))
        case .showThumbnails: modals.first(StripContext.self)?.show(in: self)
        case .push(let context):
            guard navigation.transition == nil, let entry = registeredScenes.first(where: { $0.context == context }),
                  let scene = entry.make(sceneMaking) else { return }
            push(scene)
        case .leave: doors.leave(at: animationTime)
        case .quit: quitRequested = true
        case .steer(let forward):
            gestures.pinch.letGo()
            navigation.steer(forward: forward, at: animationTime)
        case .toggleFullscreen: fullscreen.toggle()
        case .leaveFullscreen: fullscreen = false
        case .toggleSlowMotion: slowMotion.toggle()
        case .openAddress(let address): addressToOpen = address
        case .notice(let text): onScreen.notice = (text, time)
        case .showPageNumber: onScreen.pageShownAt = time
        }
    }

    /// Pushes the registered scene `key` brings up from the scene on top, if one does.
    func pushRegisteredScene(for key: Key) -> Bool {
        guard navigation.transition == nil,
              let scene = registeredScenes.scene(for: key, sceneMaking) else { return false }
        push(scene)
        return true
    }

    /// The registered scene a pinch inwards brings up from the scene on top, if any
    /// (`SceneEntry.pinchedIn`: the library grid from the shelf).
    var pinchedInEntry: SceneEntry? { navigation.transition == nil ? registeredScenes.pinchedIn(over: navigation.top) : nil }

    /// Pushes the registered scene a pinch inwards brings up, if there is one with something to show.
    func pushPinchedInScene() {
        guard let entry = pinchedInEntry, let scene = entry.make(sceneMaking) else { return }
        push(scene)
    }

    /// What a registered scene is made from now: the scene on top, the window, the books.
    private var sceneMaking: SceneMaking { SceneMaking(below: navigation.top, size: size, library: library) }

    private func push(_ scene: any Scene) {
        gestures.clicks.cancel()
        navigation.push(scene, animator: scene.transitionAnimator, at: animationTime)
    }

    // MARK: Output

    /// What is on screen, back to front: the visible scenes from the highest one that covers
    /// those under it, each drawn at its pose, then the modal contexts (the strip, the list
    /// of keys).
    public func drawList() -> DrawList {
        var list = DrawList(background: ShelfScene.background)
        let poses = self.poses
        list.texts = ScreenWords(app: self).texts(shelf: shelf, pose: poses[shelf])
        let visible = navigation.visibleScenes
        let bottom = visible.lastIndex { poses.isOpaque($0) } ?? 0
        for scene in visible[bottom...] { poses.draw(scene, into: &list) }
        if navigation.transition == nil { navigation.top.drawAtRest(into: &list) }
        // Arriving (`folio BOOK`), pages are made at least at the flat view's size from the
        // first frame: the book lies flat within a quarter of a second.
        if doors.arriving {
            list.magnification = max(list.magnification, doors.arrivalMagnification)
            list.urgent = doors.arrivalContents
        }
        modals.draw(into: &list, in: self)
        return list
    }

    /// True when nothing moves: no transition, no scrolling, no pinch, no text fading, no
    /// click held to see whether a second one comes.
    public var isAtRest: Bool {
        navigation.transition == nil && gestures.isAtRest
            && navigation.visibleScenes.allSatisfy(\.isAtRest)
            && !modals.isChanging(in: self)
            && !onScreen.isChanging(at: time)
    }
}
