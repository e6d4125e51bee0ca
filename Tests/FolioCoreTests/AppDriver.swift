import Foundation
@testable import FolioCore
@testable import FolioLibrary

/// The tests' one clock: frame times a fixed step apart, as the recorder steps.
enum FixedStep {
    /// Seconds per frame at 60 fps.
    static let dt = 1.0 / 60

    /// Frame times after `start` up to `end` (within rounding), `dt` apart, counted in whole
    /// frames so that no error accumulates.
    static func times(after start: Double, through end: Double, dt: Double = dt) -> [Double] {
        guard end > start else { return [] }
        let count = Int(((end - start) / dt + 1e-9).rounded(.down))
        return (0..<count).map { start + Double($0 + 1) * dt }
    }
}

/// An app stepped at `FixedStep.dt`: events are delivered at their own times, before the
/// update of the first frame at or after them.
final class AppDriver {
    let app: FolioApp
    private(set) var frame = 0
    var recording = false
    /// The trace lines written while `recording`, through the viewer's own writer.
    var traces: [String] { lines.lines }
    private final class Lines { var lines: [String] = [] }
    private let lines = Lines()
    private lazy var traceWriter: TraceWriter = { [lines] in TraceWriter { lines.lines.append($0) } }()

    /// `aspect`: every book's page aspect ratio (nil: the tutorial's page).
    init(size: Size = Size(width: 1280, height: 800), books: Int = 6, pages: Int = 12, slowMotion: Bool = false,
         aspect: Double? = nil, places: PlaceKeeper? = nil, library given: Library? = nil) {
        var library = given ?? Library.synthetic(books: books, pages: pages)
        for i in library.books.indices { library.books[i].pageAspect = aspect }
        app = FolioApp(library: library, size: size, slowMotion: slowMotion, places: places)
        app.update(at: 0)
    }

    var now: Double { Double(frame) * FixedStep.dt }
    var kinds: [SceneKind] { app.navigation.scenes.map(\.kind) }
    /// The running transition's phase, or nil when none runs.
    var state: TransitionState.Phase? { app.transition?.state.phase }

    /// Sends an event now, after this frame's update.
    /// Drops `path` on the window: read by the library loader here, as the live viewer reads
    /// it off its thread, and handed to the app; the lines to warn with.
    @discardableResult
    func drop(_ path: String) -> [String] {
        app.adopt(dropOf: path, FolioApp.readDrop(path) { try LibraryLoader.load($0) }, at: now)
    }

    func send(_ event: InputEvent) { app.handle(event, at: now) }

    /// Steps frames until `end`, delivering `events` on the way and calling `each` after
    /// every frame's update.
    func run(until end: Double, events: [(t: Double, event: InputEvent)] = [], each: (Double) -> Void = { _ in }) {
        var pending = events[...]
        while now + FixedStep.dt <= end + 1e-9 {
            frame += 1
            let t = now
            while let next = pending.first, next.t <= t + 1e-9 {
                app.handle(next.event, at: next.t)
                pending.removeFirst()
            }
            app.update(at: t)
            if recording { try? traceWriter.write(app.trace(frame: frame, t: t)) }
            each(t)
        }
    }
}

extension AppDriver {
    /// Rests the open book on its first spread (the cover turned), where a test of turning,
    /// zooming or pairing starts: a book never opened before opens on the cover alone.
    func firstSpread() {
        app.book?.settle(onLeaf: 0)
        app.update(at: now)
    }
}
