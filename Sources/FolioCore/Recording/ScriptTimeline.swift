/// A script's input events in time order, expanded lazily as they are reached: a click is
/// press and release, a drag is press, a move every frame of the script's rate, release.
///
/// Only the events under way are held (a drag in progress is one cursor, not its moves), so
/// memory follows the number of events, never drag length × frame rate. The order is the
/// one a stable sort of every expanded event by time would give: ties go to the event
/// written first in the script, then to its own order (press, moves, release).
public struct ScriptTimeline: Sequence, IteratorProtocol {
    public typealias Element = (t: Double, event: InputEvent)

    /// The next expansion step of one event; ordered by (time, event, step).
    private struct Cursor {
        var t: Double
        var event: Int
        var step: Int

        func precedes(_ other: Cursor) -> Bool {
            (t, event, step) < (other.t, other.event, other.step)
        }
    }

    private let events: [(t: Double, event: InputScript.Event)]
    private let fps: Double
    /// Event indices by start time (stable), and how many have started.
    private let starts: [Int]
    private var started = 0
    /// Started events with steps left: a binary min-heap.
    private var heap: [Cursor] = []

    public init(script: InputScript) {
        let events = script.events
        self.events = events
        fps = clamp(script.fps.isNaN ? 60 : script.fps, InputScript.fpsRange.lowerBound, InputScript.fpsRange.upperBound)
        let inOrder = zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }
        starts = inOrder ? Array(events.indices) : events.indices.sorted { (events[$0].t, $0) < (events[$1].t, $1) }
    }

    /// Events started whose expansion is not finished (in-flight drags, half-sent clicks).
    public var pendingCount: Int { heap.count }

    /// Time of the next event, nil at the end.
    public var nextTime: Double? {
        let waiting = started < starts.count ? events[starts[started]].t : nil
        guard let top = heap.first?.t else { return waiting }
        return Swift.min(top, waiting ?? top)
    }

    public mutating func next() -> Element? {
        if started < starts.count {
            let index = starts[started]
            let cursor = Cursor(t: events[index].t, event: index, step: 0)
            if heap.isEmpty || cursor.precedes(heap[0]) {
                started += 1
                return emit(cursor)
            }
        }
        guard !heap.isEmpty else { return nil }
        return emit(popMin())
    }

    /// The input event for `cursor`, queueing the event's following step if it has one.
    private mutating func emit(_ cursor: Cursor) -> Element {
        let (t, event) = events[cursor.event]
        func queue(_ at: Double) { push(Cursor(t: at, event: cursor.event, step: cursor.step + 1)) }
        switch event {
        case .input(let input): return (t, input)
        case .click(let p):
            if cursor.step == 0 {
                queue(t)
                return (t, .pointerDown(p))
            }
            return (t, .pointerUp(p))
        case .drag(let from, let to, let duration):
            let d = duration.isNaN ? 0 : clamp(duration, 0, InputScript.maxDragSeconds)
            let steps = Swift.max(1, Int((d * fps).rounded(.up)))
            let k = cursor.step
            if k < steps { queue(t + d * (Double(k + 1) / Double(steps))) } else if k == steps { queue(t + d) }
            if k == 0 { return (t, .pointerDown(from)) }
            if k <= steps {
                let f = Double(k) / Double(steps)
                return (t + d * f, .pointerMoved(Point(x: mix(from.x, to.x, f), y: mix(from.y, to.y, f))))
            }
            return (t + d, .pointerUp(to))
        }
    }

    private mutating func push(_ cursor: Cursor) {
        heap.append(cursor)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popMin() -> Cursor {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var first = parent
                if left < heap.count, heap[left].precedes(heap[first]) { first = left }
                if right < heap.count, heap[right].precedes(heap[first]) { first = right }
                if first == parent { break }
                heap.swapAt(parent, first)
                parent = first
            }
        }
        return top
    }
}
