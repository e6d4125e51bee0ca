/// The shelf (SPEC §1): a row of covers that scrolls, decelerates and snaps to a book.
public final class ShelfScene: Scene {
    public let kind = SceneKind.shelf
    public private(set) var layout: ShelfLayout
    public private(set) var scroller: Scroller
    private var wheel = WheelStepper()

    public static let background = RGBA(0.16, 0.17, 0.20)

    /// How the shelf shows at one instant: every cover at rest on top; as a book opens over
    /// it, the other covers fading and the centred one hidden (the book takes its place).
    public struct Pose: Equatable, Sendable {
        /// Opacity of every cover but the centred one.
        public var otherCoversOpacity: Double
        /// The centred cover shows only while its book is neither open nor on its way.
        public var showsCentredCover: Bool
        /// Opacity of the centred book's title and the hint under the covers.
        public var wordsOpacity: Double

        /// Every cover and word showing.
        public static let resting = Pose(otherCoversOpacity: 1, showsCentredCover: true, wordsOpacity: 1)
    }

    public init(bookCount: Int, size: Size, coverShapes: [Size] = []) {
        layout = ShelfLayout(size: size, bookCount: bookCount, coverShapes: coverShapes)
        scroller = Scroller(range: layout.range, dimension: size.width)
    }

    public var size: Size { layout.size }
    /// SPEC §1's p, points.
    public var position: Double { scroller.position }
    public var centredIndex: Int { layout.centredIndex(at: scroller.position) }
    public var isAtRest: Bool { !scroller.isDragging && !scroller.isAnimating }
    public var inputContext: KeyContext { .shelf }
    public var restingPose: Pose { .resting }
    public var transitionAnimator: (any TransitionAnimator)? { nil }
    public var deeper: SceneRequest? { layout.bookCount > 0 ? .openBook(centredIndex) : nil }
    public var back: SceneRequest? { nil }
    public func isOpaque(in pose: Pose) -> Bool { true }

    public func draw(into list: inout DrawList, in pose: Pose) {
        list.background = ShelfScene.background
        list.appendFlat(layers(in: pose))
    }

    public func resize(to size: Size) {
        let old = layout
        layout = ShelfLayout(size: size, bookCount: old.bookCount, coverShapes: old.coverShapes)
        let layout = self.layout
        scroller.relayout(range: layout.range, dimension: size.width,
                          scale: old.stride > 0 ? layout.stride / old.stride : 1) {
            layout.snapTarget(rest: $0, velocity: 0)
        }
    }

    /// Takes the books' cover shapes anew (a drop added some), keeping the shelf where it is.
    public func setCoverShapes(_ shapes: [Size]) {
        guard shapes.count != layout.bookCount || shapes != layout.coverShapes else { return }
        layout = ShelfLayout(size: size, bookCount: shapes.count, coverShapes: shapes)
        let layout = self.layout
        scroller.relayout(range: layout.range, dimension: size.width, scale: 1) {
            layout.snapTarget(rest: $0, velocity: 0)
        }
    }

    /// Centres book `index` by gliding there.
    public func scroll(toBook index: Int, at time: Double) {
        scroller.scroll(to: Double(index) * layout.stride, at: time)
    }

    /// Centres book `index` at once (used before a book opens).
    public func settle(onBook index: Int) {
        scroller.jump(to: Double(index) * layout.stride)
    }

    /// The book the shelf rests on, or is gliding to.
    public var targetIndex: Int { layout.centredIndex(at: scroller.target) }

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        guard layout.bookCount > 0 else {
            if case .key(let key, _) = input, KeyBindings.action(for: key, in: .shelf) == .quit { return .quit }
            return nil
        }
        switch input {
        case .key(let key, _):
            switch KeyBindings.action(for: key, in: .shelf) {
            case .next?: scroll(toBook: min(targetIndex + 1, layout.bookCount - 1), at: time)
            case .previous?: scroll(toBook: max(targetIndex - 1, 0), at: time)
            case .first?: scroll(toBook: 0, at: time)
            case .last?: scroll(toBook: layout.bookCount - 1, at: time)
            case .open?: return .openBook(targetIndex)
            case .quit?: return .quit
            default: break
            }
        case .horizontalWheel(let notches):
            let steps = wheel.steps(adding: notches)
            if steps != 0 {
                scroll(toBook: Int(clamp(Double(targetIndex + steps), 0, Double(layout.bookCount - 1))), at: time)
            }
        case .pointer(let gesture):
            switch gesture {
            case .click(let point):
                guard let index = layout.index(at: point, p: scroller.position) else { return nil }
                if index == centredIndex && abs(scroller.target - Double(index) * layout.stride) < 1 {
                    return .openBook(index)
                }
                scroll(toBook: index, at: time)
            case .dragBegan:
                scroller.beginDrag(at: time)
            case .dragChanged(_, let delta):
                scroller.drag(by: -delta.x, at: time)
            case .dragEnded:
                let layout = self.layout
                scroller.endDrag(at: time) { layout.snapTarget(rest: $0, velocity: $1) }
            }
        case .verticalWheel, .pinchZoom, .doubleClick:
            break
        }
        return nil
    }

    public func update(at time: Double) {
        scroller.update(at: time)
    }

    /// One cover as the shelf shows it.
    public struct CoverPose: Equatable, Sendable {
        public var book: Int
        public var scale: Double
        public var alpha: Double
    }

    /// The covers on screen as `pose` shows them (every cover, unless a book is open or
    /// on its way).
    public func covers(in pose: Pose = .resting) -> [CoverPose] {
        let p = scroller.position
        let centre = centredIndex
        return layout.visibleIndices(at: p).map { i in
            let alpha = i == centre ? (pose.showsCentredCover ? 1 : 0) : pose.otherCoversOpacity
            return CoverPose(book: i, scale: layout.scale(of: i, at: p), alpha: alpha)
        }
    }

    public func layers(in pose: Pose = .resting) -> [Layer] {
        let p = scroller.position
        let radius = PageGeometry.cornerRadius * layout.unit
        return covers(in: pose).map { cover in
            Layer(size: layout.coverSize(of: cover.book), position: Point(x: layout.centerX(of: cover.book, at: p), y: size.height / 2),
                  anchor: Point(x: 0.5, y: 0.5), transform: .scale(cover.scale, cover.scale, 1),
                  opacity: cover.alpha, content: .cover(book: cover.book), side: .right,
                  cornerRadius: radius)
        }
    }
}
