/// Everything the viewer does, without a window: input in, a draw list and a state trace
/// out. The live loop and the recorder are two callers of `handle(_:at:)` and
/// `update(at:)`; time is always passed in.
public final class FolioApp {
    /// The books on the shelf; a drop adds to them (`FolioApp+Drop.swift`).
    public internal(set) var library: Library
    public private(set) var size: Size
    /// The root of the stack: the library's books (a drop and a find move it).
    public let shelf: ShelfScene
    public let navigation: NavigationStack
    /// Animations run 10× slower (the S key, `--slow-motion`).
    public var slowMotion: Bool
    /// Every book opens right to left, whatever was remembered (`--rtl`); M still turns the
    /// open book round.
    public var everyBookRightToLeft = false
    /// The page mode, fit and zoom chosen for each book this session (kept with the places too,
    /// when they are remembered).
    var sessionSettings: [Int: BookSettings] = [:]
    /// Books the load left unshaped that have been opened, oldest first: the host measures
    /// each (page shape, spreads) off the input path and hands it back with
    /// `adopt(shape:ofBook:)` (`FolioApp+Shapes`). Until then the book shows the tutorial's
    /// page shape.
    var shapesWanted: [Int] = []
    /// The books asked for once (a book whose pages cannot be read is tried once).
    var shapedBooks: Set<Int> = []
    /// How the last book opened was placed, so its measured shape can place it the same way.
    var lastOpening: (index: Int, page: Int?, leaf: Int)?
    /// The modal contexts over the scenes (`ModalContext`): the window's keys always, the list
    /// of keys, a find, a typed page number and the strip while they show.
    let modals = ModalStack()
    let help = HelpContext()
    /// The thumbnail strip, kept while hidden to watch the bottom edge for a resting pointer.
    let thumbnails = StripContext()
    /// Escape on the shelf, or Q anywhere, asked to leave.
    public internal(set) var quitRequested = false
    /// The window should cover the screen (F11, or F in a book, toggles it; Escape leaves it first); the
    /// live viewer applies it, recordings ignore it.
    public internal(set) var fullscreen = false
    /// Where the reader left off (the live viewer's; nil for scripts and recordings, which
    /// never remember).
    public let places: PlaceKeeper?
    /// Reads a file or folder dropped on the window: the live viewer hands in the library
    /// loader (reading PDFs and measuring page shapes as start-up does); until then a drop
    /// is refused (the core reads no files).
    public var loadDropped: (String) throws -> LoadedLibrary = { path in
        throw FolioError.badInput("\(path): drops are not read here; nothing was added.")
    }
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

    private var pointer = PointerTracker()
    private var touches = TouchTracker()
    /// The wheel (or two-finger) pinch: its lifecycle and its rule (`FolioApp+Pinch`).
    var pinch = PinchGesture()
    /// Page and shelf keys pressed during a transition, for the scene it reaches
    /// (`FolioApp+Keys`).
    var pendingKeys: [(Key, Modifiers)] = []
    static let maxPendingKeys = 8
    /// What follows the running transition once it finishes (`read(book:atPage:at:)`: the
    /// reading view after the opening).
    var afterOpening: SceneRequest?
    /// A dropped book to centre once the shelf is on top and still.
    var droppedBookToCentre: Int?
    /// Where the pointer was last seen in the window (the reading view zooms about it).
    let pointerPlace = PointerPlace()
    /// Holds a click in a book until it is clear it is not half a double-click.
    var clicks = DoubleClickRecognizer()
    /// Where the wheel's roll began (a roll that laid the book flat ends there).
    var wheelStream = WheelStream()

    /// Last time given to the app (real seconds) and the animation clock derived from it.
    public private(set) var time = 0.0
    public private(set) var animationTime = 0.0
    private var started = false

    /// What an empty shelf says.
    public static let emptyHint = "No books here. Folio reads Books.plist files, folders of images, comic archives, PDFs and images: drop one here, or start folio with PATH"

    /// Slow motion's factor, as the iOS Simulator's Slow Animations.
    public static let slowMotionFactor = 10.0
    /// Longest step the animation clock takes at once (a stalled frame does not jump).
    static let maxStep = 0.25

    /// Scenes pushed by a key beyond the built-in three (`SceneEntry`).
    let registeredScenes: [SceneEntry]

    public init(library: Library, size: Size, slowMotion: Bool = false, places: PlaceKeeper? = nil,
                scenes: [SceneEntry] = SceneCatalog.entries) {
        self.library = library
        registeredScenes = scenes
        self.size = size
        self.slowMotion = slowMotion
        self.places = places
        shelf = ShelfScene(bookCount: library.books.count, size: size, coverShapes: library.books.map(\.pageShape))
        navigation = NavigationStack(root: shelf)
        if let index = places?.centredBook(count: library.books.count) { shelf.settle(onBook: index) }
        // The first-run hint shows until the first book is opened, ever (with a state file).
        if places?.openedABook == true { onScreen.hintDismissedAt = -.greatestFiniteMagnitude }
        modals.push(WindowContext())
    }

    /// The thumbnail strip in a book, shown or not.
    public var strip: ThumbnailStrip { thumbnails.strip }
    public var helpShown: Bool { modals.contains(help) }
    /// The find on the shelf, while it takes keys and as its line fades.
    public var find: TitleFind? { modals.first(FindContext.self)?.find }
    /// Where the strip's thumbnails go for `book` in this window.
    public func stripGeometry(_ book: BookScene) -> ThumbnailStrip.Geometry { StripContext.geometry(book, in: self) }

    public var transition: Transition? { navigation.transition }

    /// How the scenes show now: as the running transition's animator poses them, or as the
    /// top scene rests.
    public var pose: BookOpeningPose {
        navigation.transition?.pose ?? navigation.top.restingPose
    }

    /// The open book on screen (3D or flat), or on its way in or out; nil on the shelf.
    public var book: BookScene? { navigation.visibleScenes.lazy.compactMap { $0 as? BookShowing }.last?.book }
    /// The reading view on screen, or on its way in or out.
    public var reading: ReadingScene? { navigation.visibleScenes.lazy.compactMap { $0 as? ReadingScene }.last }

    // MARK: Clock

    func advance(to t: Double) {
        if !started {
            started = true
            time = t
        }
        let step = min(max(t - time, 0), FolioApp.maxStep)
        time = max(time, t)
        animationTime += slowMotion ? step / FolioApp.slowMotionFactor : step
        for scene in navigation.visibleScenes { scene.update(at: animationTime) }
        // The stack's events are acted on as the clock reaches them, before any input at
        // a later time: keys held during a transition play on the scene it reached.
        for event in navigation.update(at: animationTime) {
            if case .ended(_, let finished) = event { transitionEnded(finished: finished) }
        }
        if navigation.transition == nil, let book = (navigation.top as? BookShowing)?.book {
            onScreen.noteSpread(book: book.bookIndex, leaf: book.currentLeaf, turning: book.isTurning || book.focus.isSliding, at: time)
        } else {
            onScreen.noteClosed()
        }
        modals.prune(in: self)
    }

    /// Advances every animation to `time` and ends an idle wheel pinch (a touchscreen pinch
    /// lasts while its fingers are down, moving or not).
    public func update(at time: Double) {
        advance(to: time)
        thumbnails.update(in: self)
        perform(pinch.update(at: self.time, idleEnds: !touches.isPinching, in: pinchSituation))
        releaseHeldClick()
        centreDroppedBook()
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
            var horizontal = dx
            var vertical = dy
            if modifiers.contains(.shift) && !modifiers.contains(.ctrl) && dx == 0 {
                horizontal = -dy
                vertical = 0
            }
            if !pinch.isActive, modals.answer({ $0.wheel(dx: horizontal, dy: vertical, in: self) }) { return }
            if horizontal != 0, navigation.transition == nil, !pinch.isActive {
                route(.horizontalWheel(horizontal))
            }
            guard vertical != 0 else { return }
            let began = wheelStream.roll(at: self.time, on: navigation.transition == nil ? navigation.top : nil)
            if !pinch.isActive, navigation.transition == nil, let zooming = navigation.top as? ZoomingScene {
                // The roll that laid the book flat ends there: its later events neither
                // turn nor zoom.
                guard began === zooming else { return }
                // The wheel is the scene's (the reading view reads on); Ctrl+wheel is the
                // pinch: it zooms, and out past the fit goes back a scene.
                if !modifiers.contains(.ctrl) { return route(.verticalWheel(vertical)) }
            }
            perform(pinch.wheel(dy: vertical, at: self.time, in: pinchSituation))
        case .pointerDown(let p), .pointerMoved(let p), .pointerUp(let p):
            pointerPlace.point = p
            thumbnails.pointerMoved(to: p, in: self)
            let gestures = pointer.handle(event)
            guard navigation.transition == nil else { return }
            for gesture in gestures { routePointer(gesture) }
        case .pointerLeft:
            pointerPlace.point = nil
            thumbnails.pointerLeft()
            perform(pinch.pointerLeft(in: pinchSituation))
        case .touch(let phase, let finger, let point):
            for output in touches.handle(phase, finger: finger, at: point, windowSize: size) {
                switch output {
                case .pointer(let event):
                    handle(event, at: time)
                case .cancelPointer:
                    let gestures = pointer.cancel()
                    if navigation.transition == nil { for gesture in gestures { route(.pointer(gesture)) } }
                case .pinch(let dy):
                    perform(pinch.wheel(dy: dy, at: self.time, in: pinchSituation))
                case .pinchEnded:
                    perform(pinch.pointerLeft(in: pinchSituation))
                }
            }
        }
    }

    func route(_ input: SceneInput) {
        if let request = navigation.top.handle(input, at: animationTime) { carryOut(request) }
    }

    /// Does what a scene asked.
    func carryOut(_ request: SceneRequest) {
        switch request {
        case .openBook(let index): open(index)
        case .closeBook: close()
        case .openReading: openReading()
        case .closeReading: closeReading()
        case .shiftPairing: shiftPairing()
        case .flipDirection: flipDirection()
        case .cyclePageMode: cyclePageMode()
        case .cycleFit: cycleFit()
        case .typePage(let digit): modals.push(TypedPageContext(digit: digit))
        case .showThumbnails: thumbnails.show(in: self)
        case .leave: leave()
        case .quit: quitRequested = true
        }
    }

    /// Pushes the registered scene `key` brings up from the scene on top, if one does.
    func pushRegisteredScene(for key: Key) -> Bool {
        let top = navigation.top
        guard navigation.transition == nil,
              let entry = registeredScenes.first(where: { $0.key == key && $0.from == top.inputContext }),
              let scene = entry.make(top, size) else { return false }
        clicks.cancel()
        navigation.push(scene, animator: scene.transitionAnimator, at: animationTime)
        return true
    }

    /// Pops the scene on top with its own transition.
    func leave() {
        guard navigation.transition == nil, navigation.scenes.count > 1 else { return }
        clicks.cancel()
        navigation.pop(animator: navigation.top.transitionAnimator, at: animationTime)
    }

    // MARK: Output

    /// What is on screen, back to front: the visible scenes from the highest one that covers
    /// those under it, each drawn at the pose, then the modal contexts (the strip, the list
    /// of keys).
    public func drawList() -> DrawList {
        var list = DrawList(background: ShelfScene.background)
        let pose = self.pose
        list.texts = ScreenWords(app: self).texts(in: pose)
        let visible = navigation.visibleScenes
        let bottom = visible.lastIndex { $0.isOpaque(in: pose) } ?? 0
        for scene in visible[bottom...] { scene.draw(into: &list, in: pose, presence: presence(of: scene)) }
        if navigation.transition == nil { navigation.top.drawAtRest(into: &list) }
        modals.draw(into: &list, in: self)
        return list
    }

    /// How far `scene` has come in: the transition's value for the scene it pushes, what is
    /// left of it for the scene it pops, else 1.
    func presence(of scene: any Scene) -> Double {
        guard let transition = navigation.transition else { return 1 }
        switch transition.operation {
        case .push where transition.context.to === scene: return transition.value
        case .pop where transition.context.from === scene: return 1 - transition.value
        default: return 1
        }
    }

    /// True when nothing moves: no transition, no scrolling, no pinch, no text fading, no
    /// click held to see whether a second one comes.
    public var isAtRest: Bool {
        navigation.transition == nil && !pinch.isActive && !clicks.isHolding
            && navigation.visibleScenes.allSatisfy(\.isAtRest)
            && !thumbnails.isChanging(in: self) && !modals.isChanging(in: self)
            && !onScreen.isChanging(at: time)
    }
}
