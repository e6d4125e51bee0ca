/// Everything the viewer does, without a window: input in, a draw list and a state trace
/// out. The live loop and the recorder are two callers of `handle(_:at:)` and
/// `update(at:)`; time is always passed in.
public final class FolioApp: NavigationDelegate {
    /// The books on the shelf; a drop adds to them (`FolioApp+Drop.swift`).
    public internal(set) var library: Library
    public private(set) var size: Size
    public let shelf: ShelfScene
    /// The book on the stack, or being opened or closed.
    public private(set) var book: BookScene?
    public let navigation: NavigationStack
    /// Animations run 10× slower (the S key, `--slow-motion`).
    public var slowMotion: Bool
    /// Escape on the shelf, or Q anywhere, asked to leave.
    public private(set) var quitRequested = false
    /// The window should cover the screen (F11 or F toggle it, Escape leaves it first); the
    /// live viewer applies it, recordings ignore it.
    public private(set) var fullscreen = false
    /// Where the reader left off (the live viewer's; nil for scripts and recordings, which
    /// never remember).
    public let places: PlaceKeeper?
    /// Reads a file or folder dropped on the window; the live viewer hands in one that reads
    /// PDFs and measures page shapes as start-up does.
    public var loadDropped: (String) throws -> LibraryLoader.Result = { try LibraryLoader.load($0) }
    /// The help overlay, the hint, the page indicator's clock (`FolioApp+Text`).
    public internal(set) var onScreen = OnScreenText()
    /// Input is being captured (shown on screen); the live viewer sets it.
    public var capturing: Bool {
        get { onScreen.capturing }
        set { onScreen.capturing = newValue }
    }

    private var pointer = PointerTracker()
    private var touches = TouchTracker()
    private var pinch = PinchRecognizer()
    /// The interaction the wheel pinch drives.
    private var pinchInteraction: PercentDrivenInteraction?
    /// Where a transition the pinch took hold of was going: +1 on its way to completion, −1
    /// back, 0 held still (or none was running).
    private var pinchHeading = 0.0
    /// Real time until which a slowly rolled wheel holds its transition below half.
    private var pinchHeldUntil: Double?
    /// Page and shelf keys pressed during a transition, for the scene it reaches.
    private var pendingKeys: [(Key, Modifiers)] = []
    static let maxPendingKeys = 8
    /// Times pushes and pops and poses the scenes for them.
    private let animator = BookOpeningTransition()
    /// A dropped book to centre once the shelf is on top and still.
    var droppedBookToCentre: Int?
    /// Where the pointer was last seen in the window (nil before it moves, or after it left).
    var lastPointer: Point?
    /// Holds a click in a book until it is clear it is not half a double-click.
    var clicks = DoubleClickRecognizer()
    /// The wheel gesture in progress zooms the open book rather than closing it (`FolioApp+Zoom`).
    var pinchZooms = false

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

    public init(library: Library, size: Size, slowMotion: Bool = false, places: PlaceKeeper? = nil) {
        self.library = library
        self.size = size
        self.slowMotion = slowMotion
        self.places = places
        shelf = ShelfScene(bookCount: library.books.count, size: size, coverShapes: library.books.map(\.pageShape))
        navigation = NavigationStack(root: shelf)
        navigation.delegate = self
        if let index = places?.centredBook(count: library.books.count) { shelf.settle(onBook: index) }
        // The first-run hint shows until the first book is opened, ever (with a state file).
        if places?.openedABook == true { onScreen.hintDismissedAt = -.greatestFiniteMagnitude }
    }

    public var transition: Transition? { navigation.transition }

    /// How the shelf and the book show now: the running transition's pose, or the one the
    /// stack rests in.
    public var pose: BookOpeningPose {
        if let transition = navigation.transition { return animator.pose(transition.operation, value: transition.value) }
        return navigation.scenes.count > 1 ? .open : .shelf
    }

    // MARK: Clock

    private func advance(to t: Double) {
        if !started {
            started = true
            time = t
        }
        let step = min(max(t - time, 0), FolioApp.maxStep)
        time = max(time, t)
        animationTime += slowMotion ? step / FolioApp.slowMotionFactor : step
        shelf.update(at: animationTime)
        book?.update(at: animationTime)
        let running = navigation.transition
        navigation.update(at: animationTime)
        if let running, navigation.transition == nil { transitionEnded(running) }
        if navigation.transition == nil, navigation.scenes.count == 1 {
            book = nil
        }
        if let book, navigation.transition == nil, navigation.top === book {
            onScreen.noteSpread(book: book.bookIndex, leaf: book.currentLeaf, turning: book.isTurning, at: time)
        } else {
            onScreen.noteClosed()
        }
    }

    /// Advances every animation to `time` and ends an idle wheel pinch (a touchscreen pinch
    /// lasts while its fingers are down, moving or not).
    public func update(at time: Double) {
        advance(to: time)
        if !touches.isPinching, let phase = pinch.update(at: self.time) { pinchChanged(phase) }
        releaseHeldPinch()
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
            shelf.resize(to: newSize)
            book?.resize(to: newSize)
        case .key(let key, let modifiers):
            handleKey(key, modifiers)
        case .wheel(let dx, let dy, let modifiers):
            var horizontal = dx
            var vertical = dy
            if modifiers.contains(.shift) && !modifiers.contains(.ctrl) && dx == 0 {
                horizontal = -dy
                vertical = 0
            }
            if horizontal != 0, navigation.transition == nil, !pinch.isActive {
                route(.horizontalWheel(horizontal))
            }
            if vertical != 0 {
                pinchChanged(pinch.wheel(dy: vertical, at: self.time))
            }
        case .pointerDown(let p), .pointerMoved(let p), .pointerUp(let p):
            lastPointer = p
            let gestures = pointer.handle(event)
            guard navigation.transition == nil else { return }
            for gesture in gestures { routePointer(gesture) }
        case .pointerLeft:
            lastPointer = nil
            if let phase = pinch.pointerLeft() { pinchChanged(phase) }
        case .touch(let phase, let finger, let point):
            for output in touches.handle(phase, finger: finger, at: point, windowSize: size) {
                switch output {
                case .pointer(let event):
                    handle(event, at: time)
                case .cancelPointer:
                    let gestures = pointer.cancel()
                    if navigation.transition == nil { for gesture in gestures { route(.pointer(gesture)) } }
                case .pinch(let dy):
                    pinchChanged(pinch.wheel(dy: dy, at: self.time))
                case .pinchEnded:
                    if let phase = pinch.pointerLeft() { pinchChanged(phase) }
                }
            }
        }
    }

    private func handleKey(_ key: Key, _ modifiers: Modifiers) {
        // Help first: Escape hides the list of keys before it leaves fullscreen or steers.
        if KeyBindings.action(for: key, in: .anywhere) == .help
            || (onScreen.helpShown && KeyBindings.action(for: key, in: .help) == .hideHelp) {
            onScreen.helpShown.toggle()
            return
        }
        switch KeyBindings.action(for: key, in: .anywhere) {
        case .slowMotion?:
            slowMotion.toggle()
            return
        case .fullscreen?:
            fullscreen.toggle()
            return
        case .leaveFullscreen? where fullscreen:
            fullscreen = false
            return
        case .quit?:
            quitRequested = true
            return
        default:
            break
        }
        if let transition = navigation.transition {
            switch KeyBindings.action(for: key, in: .transition) {
            case .steerOpen?, .steerClose?:
                let opening = KeyBindings.action(for: key, in: .transition) == .steerOpen
                pinchInteraction = nil
                pinchHeldUntil = nil
                navigation.steer(forward: opening == (transition.operation == .push), at: animationTime)
            default:
                // A key that moves the scene being reached waits for it: a page key pressed
                // while the book opens turns the page once it is open.
                let destination: KeyContext = transition.operation == .push ? .book : .shelf
                guard let action = KeyBindings.action(for: key, in: destination),
                      [.next, .previous, .first, .last].contains(action),
                      pendingKeys.count < FolioApp.maxPendingKeys else { return }
                pendingKeys.append((key, modifiers))
            }
            return
        }
        if zoomKey(key) { return }
        route(.key(key, modifiers))
    }

    /// Plays the keys that waited for a transition on the scene it reached; a transition
    /// that turned back drops them.
    private func transitionEnded(_ transition: Transition) {
        let keys = pendingKeys
        pendingKeys.removeAll()
        guard case .ended(finished: true) = transition.state else { return }
        for (key, modifiers) in keys { route(.key(key, modifiers)) }
    }

    func route(_ input: SceneInput) {
        let request: SceneRequest?
        if let book, navigation.top === book {
            request = book.handle(input, at: animationTime)
        } else {
            request = shelf.handle(input, at: animationTime)
        }
        switch request {
        case .openBook(let index)?: open(index)
        case .closeBook?: close()
        case .quit?: quitRequested = true
        case nil: break
        }
    }

    /// Opens book `index` as Enter does, at the spread showing display page `page` (0 is the
    /// cover; clamped to the book).
    public func open(book index: Int, atPage page: Int, at time: Double) {
        advance(to: time)
        open(index, leaf: BookScene.leaf(showing: page))
    }

    /// Where a captured session began: the centred book and, when one was open, that book
    /// at its spread, set at once (no animation), so the replay starts where the user was.
    public func begin(at start: InputScript.Start) {
        guard !library.books.isEmpty, navigation.scenes.count == 1, navigation.transition == nil else { return }
        shelf.settle(onBook: min(max(start.centred, 0), library.books.count - 1))
        guard let index = start.book else { return }
        open(index, leaf: start.spread, animated: false)
    }

    /// The state a capture starts from (a book turning in or out counts as where it goes).
    public var captureStart: InputScript.Start {
        let opening = transition.map { $0.context.operation == .push } ?? (book != nil)
        return InputScript.Start(centred: shelf.centeredIndex, book: opening ? book?.bookIndex : nil,
                                 spread: opening ? (book?.currentLeaf ?? 0) : 0)
    }

    private func open(_ index: Int, leaf: Int = 0, animated: Bool = true) {
        guard navigation.transition == nil, library.books.indices.contains(index) else { return }
        shelf.settle(onBook: index)
        onScreen.noteOpened(at: time)
        places?.rememberOpening()
        let scene = BookScene(bookIndex: index, pageCount: library.books[index].displayPageCount, size: size,
                              pageShape: library.books[index].pageShape)
        // Opened at a page asked for, else where the reader left off (the left block turns
        // as one), else at the cover.
        if leaf > 0 {
            scene.settle(onLeaf: leaf)
        } else if let spread = places?.spread(ofBook: index) {
            scene.settle(onLeaf: spread)
        }
        book = scene
        navigation.push(scene, animated: animated, at: animationTime)
    }

    private func close() {
        guard navigation.transition == nil, navigation.scenes.count > 1 else { return }
        clicks.cancel()
        book?.unzoom(at: animationTime)
        rememberPlace()
        navigation.pop(animated: true, at: animationTime)
    }

    /// Remembers the spread of the book on screen and the book centred on the shelf (as a
    /// book closes, and as the app quits).
    public func rememberPlace() {
        guard let places, !library.books.isEmpty else { return }
        if let book { places.remember(spread: book.currentLeaf, ofBook: book.bookIndex) }
        places.remember(centred: shelf.centeredIndex)
    }

    /// The window's title: the book on screen, or the app's name on the shelf.
    public var title: String {
        guard let book, library.books.indices.contains(book.bookIndex) else { return "Folio" }
        // Cut before escaping: a title may be as long as a Books.plist allows.
        let full = library.books[book.bookIndex].title
        let name = full.prefix(FolioApp.maxTitleLength + 1).count > FolioApp.maxTitleLength
            ? full.prefix(FolioApp.maxTitleLength - 1) + "…" : Substring(full)
        guard !name.isEmpty else { return "Folio" }
        return Console.escaped(String(name)) + " — Folio"
    }

    /// Longest book title the window's title shows, characters.
    static let maxTitleLength = 120

    // MARK: Pinch

    /// Progress one notch is worth: four notches open a book fully, two reach half.
    public static let notchProgress = 0.25
    /// A release at or past this progress, moving forward, completes the transition.
    public static let commitProgress = 0.5
    /// A release whose progress velocity (per second, forward) is at least this completes.
    public static let flingVelocity = 1.5
    /// A notched wheel resting below half stays put this long after its last notch (the
    /// user may still be rolling), then springs back.
    public static let holdTime = 0.8

    /// Which way the wheel moves the transition forward: up opens, down closes.
    private static func wheelSign(_ operation: NavigationOperation) -> Double {
        operation == .push ? 1 : -1
    }

    private func pinchChanged(_ phase: PinchRecognizer.Phase) {
        switch phase {
        case .began(let dy):
            pinchInteraction = nil
            pinchHeldUntil = nil
            pinchHeading = 0
            pinchZooms = zoomsWithWheel(dy)
            if pinchZooms {
                zoomWheel(dy)
                return
            }
            if let running = navigation.transition {
                // Take hold of a running transition where it is; remember where it was going.
                switch running.state {
                case .animating, .finishing: pinchHeading = 1
                case .cancelling: pinchHeading = -1
                case .interacting, .ended: pinchHeading = 0
                }
            } else if navigation.top === shelf {
                // Spreading on the shelf opens the centred book, pinching in the book closes it.
                if dy > 0, !library.books.isEmpty { open(shelf.centeredIndex) }
            } else if dy < 0 {
                close()
            }
            if navigation.transition != nil {
                let interaction = PercentDrivenInteraction(scrubsLinearly: true)
                navigation.grab(with: interaction, at: animationTime)
                pinchInteraction = interaction
            }
            pinchChanged(.changed(dy: dy))
        case .changed(let dy) where pinchZooms:
            zoomWheel(dy)
        case .changed(let dy):
            guard let interaction = pinchInteraction, interaction.isActive,
                  let operation = interaction.operation,
                  case .interacting? = navigation.transition?.state else { return }
            interaction.update(interaction.percentComplete + FolioApp.wheelSign(operation) * dy * FolioApp.notchProgress)
        case .ended where pinchZooms:
            pinchZooms = false
        case .ended(let release):
            guard let interaction = pinchInteraction, interaction.isActive,
                  let operation = interaction.operation,
                  case .interacting? = navigation.transition?.state else {
                pinchInteraction = nil
                return
            }
            let sign = FolioApp.wheelSign(operation)
            let forward = release.lastDirection * sign > 0
            let velocity = release.velocity * sign * FolioApp.notchProgress
            let progress = interaction.percentComplete
            if !forward {
                // Released while moving backwards: back to where it came from.
                interaction.cancel(at: animationTime)
            } else if progress >= FolioApp.commitProgress || velocity >= FolioApp.flingVelocity || pinchHeading > 0 {
                interaction.finish(at: animationTime)
            } else if release.notched {
                // A slow roll: stay put for the next notch.
                pinchHeldUntil = time - pinch.idle(at: time) + FolioApp.holdTime
                return
            } else {
                interaction.cancel(at: animationTime)
            }
            pinchInteraction = nil
        }
    }

    /// Springs back a transition the wheel left below half once the hold runs out.
    private func releaseHeldPinch() {
        guard let until = pinchHeldUntil, time >= until, !pinch.isActive else { return }
        pinchHeldUntil = nil
        if let interaction = pinchInteraction, interaction.isActive,
           case .interacting? = navigation.transition?.state {
            interaction.cancel(at: animationTime)
        }
        pinchInteraction = nil
    }

    // MARK: NavigationDelegate

    /// Every push and pop opens or closes a book. No interaction controller: the pinch takes
    /// hold of the transition it starts, as of any running one (`pinchChanged`).
    public func navigationStack(_ stack: NavigationStack, animatorFor operation: NavigationOperation,
                                from: any Scene, to: any Scene) -> (any TransitionAnimator)? {
        animator
    }

    // MARK: Output

    /// What is on screen, back to front.
    public func drawList() -> DrawList {
        var list = DrawList(background: ShelfScene.background)
        let pose = self.pose
        list.texts = texts(in: pose)
        if onScreen.helpShown { list.help = helpOverlay() }
        if let book, pose.showsBookBackground {
            list.background = BookScene.background
            list.appendSorted(book.layers(in: pose))
            return zoomed(list)
        }
        list.appendFlat(shelf.layers(in: pose))
        if let book { list.appendSorted(book.layers(in: pose)) }
        return zoomed(list)
    }

    /// True when nothing moves: no transition, no scrolling, no pinch, no text fading, no
    /// click held to see whether a second one comes.
    public var isAtRest: Bool {
        navigation.transition == nil && !pinch.isActive && !clicks.isHolding && shelf.isAtRest && (book?.isAtRest ?? true)
            && !onScreen.isChanging(at: time)
    }
}

extension FolioApp {
    /// Images to have ready next, most wanted first: the open book's pages within two
    /// spreads of the reader (nearest first), then the shelf's covers around the centre.
    /// (What is on screen comes first anyway: the renderer asks for it as it draws.) While
    /// the book is zoomed only its spread: pages are then made up to 4× larger, and a turn
    /// shows the next spread whole.
    public func prefetchContents() -> [LayerContent] {
        var out: [LayerContent] = []
        let zoomed = book?.zoom.isZoomed ?? false
        if let book {
            let leaf = book.currentLeaf
            for distance in 0...(zoomed ? 0 : 2) {
                for l in Set([leaf + distance, leaf - distance]).sorted() where l >= 0 && l < book.layout.leafCount {
                    // A leaf's front is on the right; the spread shows the previous leaf's back.
                    for page in [2 * l + 1, 2 * l + 2] where page < book.layout.pageCount {
                        out.append(.page(book: book.bookIndex, page: page))
                    }
                }
            }
        }
        guard !zoomed else { return out }
        let centre = shelf.centeredIndex
        for distance in 0...3 {
            for i in Set([centre - distance, centre + distance]).sorted() where library.books.indices.contains(i) {
                out.append(.cover(book: i))
            }
        }
        return out
    }
}
