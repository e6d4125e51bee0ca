/// The pointer, the wheel and the touchscreen turned into what a scene or a modal context
/// takes: clicks told from drags, a click in the open book held to see whether a second one
/// comes (a double-click goes to the scene: the 3D book lies flat, the flat one zooms in or
/// back out), the vertical wheel and a two-finger pinch as one gesture that pushes, pops or
/// zooms (`PinchGesture` holds its lifecycle and rule; this carries out what it answers).
final class Gestures {
    private var pointer = PointerTracker()
    private var touches = TouchTracker()
    var pinch = PinchGesture()
    /// Holds a click in a book until it is clear it is not half a double-click.
    var clicks = DoubleClickRecognizer()
    /// Where the wheel's roll began (a roll that laid the book flat ends there).
    private var wheelStream = WheelStream()

    /// No pinch under way and no click held.
    var isAtRest: Bool { !pinch.isActive && !clicks.isHolding }

    /// Each frame: an idle wheel pinch ends (a touchscreen pinch lasts while its fingers are
    /// down, moving or not), and a held click acts once no second one came in time.
    func update(in app: any GestureHost) {
        perform(pinch.update(at: app.clock.time, idleEnds: !touches.isPinching, in: situation(in: app)), in: app)
        guard clicks.isHolding else { return }
        guard restingPages(in: app) != nil else { return clicks.cancel() }
        clicked(clicks.update(at: app.clock.time), in: app)
    }

    /// Wheel notches: Shift turns the vertical wheel sideways; a modal context over which
    /// the pointer is (the strip) takes them first; sideways notches go to the scene, the
    /// vertical ones to a scene that zooms (without Ctrl) or else to the pinch.
    func wheel(dx: Double, dy: Double, modifiers: Modifiers, in app: any GestureHost) {
        let navigation = app.navigation
        var horizontal = dx
        var vertical = dy
        if modifiers.contains(.shift) && !modifiers.contains(.ctrl) && dx == 0 {
            horizontal = -dy
            vertical = 0
        }
        if !pinch.isActive, app.modals.answer({ $0.wheel(dx: horizontal, dy: vertical, in: app) }) { return }
        if horizontal != 0, navigation.transition == nil, !pinch.isActive {
            app.send(.input(.horizontalWheel(horizontal)))
        }
        guard vertical != 0 else { return }
        let began = wheelStream.roll(at: app.clock.time, on: navigation.transition == nil ? navigation.top : nil)
        if !pinch.isActive, navigation.transition == nil, let reader = navigation.top as? any WheelReading {
            // The roll that laid the book flat (or brought the grid) ends there: its later
            // events neither turn, zoom nor scroll.
            guard began === reader else { return }
            // The wheel is the scene's (the reading view reads on); Ctrl+wheel is the pinch:
            // it zooms, and out past the fit goes back a scene.
            if !modifiers.contains(.ctrl) { return app.send(.input(.verticalWheel(vertical))) }
        }
        perform(pinch.wheel(dy: vertical, at: app.clock.time, in: situation(in: app)), in: app)
    }

    /// A pointer event: where the pointer is (the strip watches the bottom edge), then the
    /// gestures it makes, for the scene at rest on top.
    func pointer(_ event: InputEvent, in app: any GestureHost) {
        switch event {
        case .pointerDown(let p), .pointerMoved(let p), .pointerUp(let p):
            app.window.pointer.point = p
            app.modals.first(StripContext.self)?.pointerMoved(to: p, in: app)
            let gestures = pointer.handle(event)
            guard app.navigation.transition == nil else { return }
            for gesture in gestures { route(gesture, in: app) }
            if case .pointerMoved(let point) = event, gestures.isEmpty, !pointer.isDown { app.send(.input(.hover(point))) }
        case .pointerLeft:
            app.window.pointer.point = nil
            app.modals.first(StripContext.self)?.pointerLeft()
            perform(pinch.pointerLeft(in: situation(in: app)), in: app)
        default:
            break
        }
    }

    /// A finger: one finger is the pointer, two pinch.
    func touch(_ phase: TouchPhase, finger: Int, at point: Point, time: Double, in app: any GestureHost) {
        for output in touches.handle(phase, finger: finger, at: point, windowSize: app.window.size) {
            switch output {
            case .pointer(let event):
                app.handle(event, at: time)
            case .cancelPointer:
                let gestures = pointer.cancel()
                if app.navigation.transition == nil { for gesture in gestures { app.send(.input(.pointer(gesture))) } }
            case .pinch(let dy):
                perform(pinch.wheel(dy: dy, at: app.clock.time, in: situation(in: app)), in: app)
            case .pinchEnded:
                perform(pinch.pointerLeft(in: situation(in: app)), in: app)
            }
        }
    }

    // MARK: Clicks

    /// The book (3D or flat) at rest on top of the stack, where clicks wait for a second: its
    /// clicks turn leaves (those on the window's sides, at once), or none.
    private func restingPages(in app: any GestureHost) -> (any BookShowing)? {
        app.navigation.transition == nil ? app.navigation.top as? any BookShowing : nil
    }

    /// A click on a modal context (the strip's band) is the context's; in the open book a
    /// click in the window's middle third waits for a possible second one; a click on either
    /// side turns at once, however quick the next (where clicks turn nothing, every click
    /// waits: a double-click anywhere zooms); anything else acts at once, after a held click.
    private func route(_ gesture: PointerGesture, in app: any GestureHost) {
        if case .click(let point) = gesture, app.modals.answer({ $0.click(at: point, in: app) }) { return }
        // A drag takes the book under the contents: they hide, as after a click outside them.
        if case .dragBegan = gesture { app.modals.first(ContentsContext.self)?.hide() }
        guard let pages = restingPages(in: app) else {
            clicks.cancel()
            app.send(.input(.pointer(gesture)))
            return
        }
        if case .click(let point) = gesture {
            let third = app.window.size.width / 3
            if !pages.clicksTurn || (point.x >= third && point.x <= app.window.size.width - third) {
                clicked(clicks.click(point, at: app.clock.time), in: app)
            } else {
                clicked(clicks.flush(), in: app)
                app.send(.input(.pointer(gesture)))
            }
        } else {
            clicked(clicks.flush(), in: app)
            app.send(.input(.pointer(gesture)))
        }
    }

    private func clicked(_ output: DoubleClickRecognizer.Output?, in app: any GestureHost) {
        switch output {
        case .click(let point)?: app.send(.input(.pointer(.click(point))))
        case .doubleClick(let point)?: app.send(.input(.doubleClick(point)))
        case nil: break
        }
    }

    // MARK: Pinch

    /// What the pinch needs to know as an event arrives.
    private func situation(in app: any GestureHost) -> PinchGesture.Situation {
        let navigation = app.navigation
        let running = navigation.transition.map {
            PinchGesture.Running(operation: $0.operation, state: $0.state, progress: $0.progress,
                                 reversed: app.registeredScenes.isPinchedIn($0.operation == .push ? $0.context.to : $0.context.from))
        }
        let zooming = running == nil ? navigation.top as? any ZoomingScene : nil
        return PinchGesture.Situation(
            transition: running, canZoom: zooming != nil, isZoomed: zooming?.isZoomed ?? false,
            canGoDeeper: running == nil && navigation.top.deeper != nil,
            canGoBack: running == nil && (navigation.top.back != nil || app.pinchedInEntry != nil))
    }

    private func perform(_ actions: [PinchGesture.Action], in app: any GestureHost) {
        let navigation = app.navigation
        for action in actions {
            switch action {
            case .zoom(let notches): if navigation.transition == nil { app.send(.input(.pinchZoom(notches))) }
            case .goDeeper:
                if let request = navigation.top.deeper { app.send(request) }
            case .goBack:
                if let request = navigation.top.back { app.send(request) } else { app.pushPinchedInScene() }
            case .grab: navigation.grab(with: PercentDrivenInteraction(scrubsLinearly: true), at: app.clock.animationTime)
            case .move(let delta):
                if let progress = navigation.interactiveProgress { navigation.setInteractiveProgress(progress + delta) }
            case .finish: navigation.steer(forward: true, at: app.clock.animationTime)
            case .cancel: navigation.steer(forward: false, at: app.clock.animationTime)
            }
        }
    }
}
