/// The wheel pinch as one gesture (SPEC §4, tuned for real wheels; docs/USING.md, "The pinch"):
/// the recognizer's phases in, what to do out. Wheel up (spreading the fingers) goes a level
/// deeper, wheel down comes back; a notch moves the transition by a quarter, the book follows
/// the wheel while it rolls, and the release finishes or cancels by the rule below. On a
/// scene that zooms, wheel up (or either way while zoomed) zooms instead; zoomed back out to
/// the whole page, the roll goes on into the move back. The gesture never touches the app: it is told the situation and answers with
/// actions, which the app carries out on its stack and scenes.
public struct PinchGesture: Sendable {
    /// Progress one notch is worth: four notches open a book fully, two reach half.
    public static let notchProgress = 0.25
    /// A release at or past this progress, moving forward, completes the transition.
    public static let commitProgress = 0.5
    /// A release whose progress velocity (per second, forward) is at least this completes.
    public static let flingVelocity = 1.5
    /// A notched wheel resting below half stays put this long after its last notch (the
    /// user may still be rolling), then springs back.
    public static let holdTime = 0.8

    /// Where a transition the gesture took hold of was going.
    public enum Heading: Equatable, Sendable {
        case forward, back, still
    }

    public enum State: Equatable, Sendable {
        /// No gesture, nothing held.
        case idle
        /// The gesture zooms the scene on top, and stays a zoom to its end.
        case zooming
        /// The gesture holds the transition; `heading` is where it was going when taken.
        case driving(Heading)
        /// A slow notched roll left the transition below half: it stays put until `until`
        /// (real seconds) for the next notch, then springs back.
        case holding(until: Double)
        /// The gesture drives nothing (wheel down on the shelf, or a key took over).
        case inert
    }

    /// The running transition, as the gesture needs to see it.
    public struct Running: Equatable, Sendable {
        public var operation: NavigationOperation
        public var state: TransitionState
        public var progress: Double
        /// The wheel moves it the other way round: a scene a pinch inwards pushes (the library
        /// grid over the shelf) comes in with the wheel down and leaves with it up.
        public var reversed: Bool

        public init(operation: NavigationOperation, state: TransitionState, progress: Double, reversed: Bool = false) {
            self.operation = operation
            self.state = state
            self.progress = progress
            self.reversed = reversed
        }

        /// Which way the wheel moves it forward.
        var sign: Double { PinchGesture.sign(operation) * (reversed ? -1 : 1) }

        var isHeld: Bool {
            if case .interacting = state { return true }
            return false
        }
    }

    /// What the app shows as an event arrives.
    public struct Situation: Equatable, Sendable {
        public var transition: Running?
        /// A scene that zooms rests on top (nothing running).
        public var canZoom = false
        /// That scene is zoomed in.
        public var isZoomed = false
        /// Wheel up would push a scene (a book on the shelf, the reading view in a book).
        public var canGoDeeper = false
        /// Wheel down would pop one (or push a scene a pinch inwards brings: the library grid).
        public var canGoBack = false

        public init(transition: Running? = nil, canZoom: Bool = false, isZoomed: Bool = false,
                    canGoDeeper: Bool = false, canGoBack: Bool = false) {
            self.transition = transition
            self.canZoom = canZoom
            self.isZoomed = isZoomed
            self.canGoDeeper = canGoDeeper
            self.canGoBack = canGoBack
        }
    }

    /// What the app should do, in order.
    public enum Action: Equatable, Sendable {
        /// Zoom the scene on top by `notches` wheel notches.
        case zoom(notches: Double)
        /// Push the next level, or pop the top one, animated.
        case goDeeper, goBack
        /// Take hold of the running transition where it is, scrubbing linearly.
        case grab
        /// Move the held transition's progress by this much.
        case move(by: Double)
        /// Let the held transition go: on to its end, or back to its start.
        case finish, cancel
    }

    public private(set) var state = State.idle
    private var recognizer = PinchRecognizer()

    public init() {}

    /// A gesture is in progress (the wheel rolled within the last 0.25 s, or fingers pinch).
    public var isActive: Bool { recognizer.isActive }

    /// `dy` notches of wheel (or pinching fingers) at `time`, real seconds.
    public mutating func wheel(dy: Double, at time: Double, in situation: Situation) -> [Action] {
        respond(to: recognizer.wheel(dy: dy, at: time), in: situation)
    }

    /// The pointer left the window, or the pinching fingers lifted: the gesture ends now.
    public mutating func pointerLeft(in situation: Situation) -> [Action] {
        recognizer.pointerLeft().map { respond(to: $0, in: situation) } ?? []
    }

    /// Ends an idle wheel gesture (`idleEnds`: false while fingers pinch, which last while
    /// down) and springs back a hold that ran out.
    public mutating func update(at time: Double, idleEnds: Bool, in situation: Situation) -> [Action] {
        var actions: [Action] = []
        if idleEnds, let phase = recognizer.update(at: time) { actions = respond(to: phase, in: situation) }
        if case .holding(let until) = state, time >= until, !recognizer.isActive {
            state = .idle
            if situation.transition?.isHeld == true { actions.append(.cancel) }
        }
        return actions
    }

    /// A key took the transition over: the gesture lets go of it.
    public mutating func letGo() {
        state = recognizer.isActive ? .inert : .idle
    }

    /// Which way the wheel moves a transition forward: up pushes, down pops.
    private static func sign(_ operation: NavigationOperation) -> Double {
        operation == .push ? 1 : -1
    }

    private mutating func respond(to phase: PinchRecognizer.Phase, in situation: Situation) -> [Action] {
        switch phase {
        case .began(let dy):
            return began(dy: dy, in: situation)
        case .changed(let dy):
            switch state {
            case .zooming:
                // Zoomed back out to the whole page, the same roll carries on into the move
                // back to the 3D book (a transition like any other: it follows the wheel, and
                // the release finishes or cancels it).
                if dy < 0, !situation.isZoomed, situation.canGoBack {
                    state = .driving(.still)
                    return [.goBack, .grab, .move(by: PinchGesture.sign(.pop) * dy * PinchGesture.notchProgress)]
                }
                return [.zoom(notches: dy)]
            case .driving:
                guard let running = situation.transition, running.isHeld else { return [] }
                return [.move(by: running.sign * dy * PinchGesture.notchProgress)]
            case .idle, .holding, .inert:
                return []
            }
        case .ended(let release):
            return ended(release, in: situation)
        }
    }

    private mutating func began(dy: Double, in situation: Situation) -> [Action] {
        if situation.canZoom, dy > 0 || situation.isZoomed {
            state = .zooming
            return [.zoom(notches: dy)]
        }
        let sign: Double
        var actions: [Action]
        if let running = situation.transition {
            // Take hold of a running transition where it is; remember where it was going.
            switch running.state {
            case .animating, .finishing: state = .driving(.forward)
            case .cancelling: state = .driving(.back)
            case .interacting, .ended: state = .driving(.still)
            }
            sign = running.sign
            actions = [.grab]
        } else if dy > 0, situation.canGoDeeper {
            state = .driving(.still)
            sign = PinchGesture.sign(.push)
            actions = [.goDeeper, .grab]
        } else if dy < 0, situation.canGoBack {
            state = .driving(.still)
            sign = PinchGesture.sign(.pop)
            actions = [.goBack, .grab]
        } else {
            state = .inert
            return []
        }
        return actions + [.move(by: sign * dy * PinchGesture.notchProgress)]
    }

    /// The release rule: moving backwards cancels; at or past half, a fling, or a
    /// transition that was already finishing completes; a notched wheel below half holds for
    /// the next notch; anything else springs back.
    private mutating func ended(_ release: PinchRecognizer.Release, in situation: Situation) -> [Action] {
        let heading: Heading
        switch state {
        case .driving(let h): heading = h
        case .idle, .zooming, .holding, .inert:
            state = .idle
            return []
        }
        state = .idle
        guard let running = situation.transition, running.isHeld else { return [] }
        let sign = running.sign
        let forward = release.lastDirection * sign > 0
        let velocity = release.velocity * sign * PinchGesture.notchProgress
        if !forward { return [.cancel] }
        if running.progress >= PinchGesture.commitProgress || velocity >= PinchGesture.flingVelocity || heading == .forward {
            return [.finish]
        }
        if release.notched {
            // A slow roll: stay put for the next notch.
            state = .holding(until: recognizer.lastEvent + PinchGesture.holdTime)
            return []
        }
        return [.cancel]
    }
}
