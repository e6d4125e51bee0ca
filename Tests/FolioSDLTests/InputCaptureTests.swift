import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// A capture written from synthetic events replays headless to the same final state.
struct InputCaptureTests {
    @Test func captureReplaysToTheSameFinalState() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = Size(width: 1280, height: 800)
        let library = Library.synthetic(books: 6, pages: 12)
        let events: [(Double, InputEvent)] = [
            (10.00, .key(.right)),
            (10.60, .pointerDown(Point(x: 900, y: 400))),
            (10.65, .pointerMoved(Point(x: 800, y: 400))),
            (10.70, .pointerMoved(Point(x: 640, y: 400))),
            (10.75, .pointerUp(Point(x: 640, y: 400))),
            (12.00, .wheel(dx: 0, dy: 1, modifiers: [])),
            (12.05, .wheel(dx: 0, dy: 1, modifiers: [.ctrl])),
            (12.10, .wheel(dx: 0, dy: 1, modifiers: [])),
            (13.50, .key(.right)),
            (14.20, .pointerDown(Point(x: 1000, y: 400))),
            (14.20, .pointerUp(Point(x: 1000, y: 400))),
        ]
        // Live: the real clock starts anywhere; the capture starts its own at the first event.
        let live = FolioApp(library: library, size: size)
        let capture = try InputCapture(path: path, size: size)
        var t = 9.9
        live.update(at: t)
        var next = 0
        while t < 17 {
            t += 1.0 / 60
            while next < events.count, events[next].0 <= t {
                live.handle(events[next].1, at: events[next].0)
                capture.record(events[next].1, at: events[next].0, size: size)
                next += 1
            }
            live.update(at: t)
        }
        try capture.close()

        let script = try InputScript.load(path: path)
        #expect(script.events.count == events.count)
        let replayed = FolioApp(library: library, size: size)
        var player = ScriptPlayer(app: replayed, script: script, duration: 7)
        while player.advance() != nil {}

        #expect(live.navigation.scenes.count == 2)
        #expect(replayed.navigation.scenes.map(\.kind) == live.navigation.scenes.map(\.kind))
        #expect(replayed.shelf.centredIndex == live.shelf.centredIndex)
        #expect(replayed.book?.bookIndex == live.book?.bookIndex)
        #expect(abs((replayed.book?.offset ?? -1) - (live.book?.offset ?? -2)) < 1e-6)
    }

    /// Steps `app` through `frames` frames at 60 fps, pressing each key at its time.
    static func play(_ keys: [(t: Double, key: Key)], on app: FolioApp, frames: Int) {
        var keys = keys[...]
        for frame in 0...frames {
            let t = Double(frame) / 60
            while let next = keys.first, next.t <= t {
                app.handle(.key(next.key), at: next.t)
                keys.removeFirst()
            }
            app.update(at: t)
        }
    }

    /// A capture of `live` begun now, with `events` after it, written and read back, and a
    /// new app on `library` begun where the capture starts.
    static func replay(_ live: FolioApp, on library: Library, recording events: [(Double, InputEvent)] = []) throws -> (InputScript, FolioApp) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let capture = try InputCapture(path: path, size: live.size, start: live.captureStart)
        for (t, event) in events { capture.record(event, at: t, size: live.size) }
        try capture.close()
        let script = try InputScript.load(path: path)
        let replayed = FolioApp(library: library, size: live.size)
        replayed.begin(at: try #require(script.start))
        return (script, replayed)
    }

    /// A capture begun with a book open at its fourth spread (R pressed mid-read) records
    /// that state, and its replay starts there: the book open at once on that spread, a turn
    /// taking it to the fifth.
    @Test func aCaptureStartsWhereTheUserWas() throws {
        let size = Size(width: 1280, height: 800)
        let library = Library.synthetic(books: 6, pages: 12)
        let live = FolioApp(library: library, size: size)
        Self.play([(0.1, .right), (0.2, .right), (1.0, .return), (2.5, .right), (2.6, .right), (2.7, .right), (2.8, .right)], on: live, frames: 300)
        #expect(live.book?.bookIndex == 2 && live.book?.currentLeaf == 3)
        #expect(live.captureStart == InputScript.Start(centred: 2, book: 2, spread: 3))
        let (script, replayed) = try Self.replay(live, on: library, recording: [(6, .key(.right))])
        #expect(script.start == InputScript.Start(centred: 2, book: 2, spread: 3))
        #expect(replayed.transition == nil && replayed.book?.bookIndex == 2 && replayed.book?.currentLeaf == 3)
        #expect(replayed.shelf.centredIndex == 2)
        var player = ScriptPlayer(app: replayed, script: script, duration: 2)
        while player.advance() != nil {}
        #expect(replayed.book?.currentLeaf == 4)
        // On the shelf: only the centred book is recorded, and a start names no book.
        let shelf = FolioApp(library: library, size: size)
        shelf.update(at: 0)
        #expect(shelf.captureStart == InputScript.Start(centred: 0))
    }

    /// A capture begun in the reading view starts there: the replay lies flat at the same
    /// spread, and its first turn turns the same leaf.
    @Test func aCaptureInTheReadingViewStartsFlat() throws {
        let library = Library.synthetic(books: 3, pages: 12)
        let live = FolioApp(library: library, size: Size(width: 1280, height: 800))
        Self.play([(0.1, .return), (1.2, .right), (1.5, .right), (2.2, .return)], on: live, frames: 200)
        #expect(live.navigation.scenes.map(\.kind) == [.shelf, .book, .reading])
        #expect(live.captureStart == InputScript.Start(centred: 0, book: 0, spread: 1, reading: true))
        let (script, replayed) = try Self.replay(live, on: library, recording: [(4, .key(.right))])
        #expect(script.start?.reading == true)
        #expect(replayed.navigation.scenes.map(\.kind) == [.shelf, .book, .reading] && replayed.book?.currentLeaf == 1)
        var player = ScriptPlayer(app: replayed, script: script, duration: 2)
        while player.advance() != nil {}
        #expect(replayed.book?.currentLeaf == 2 && replayed.reading != nil)
    }

    /// A capture begun on a book's cover (its leaf before the first spread) replays from
    /// the cover.
    @Test func aCaptureOnTheCoverStartsThere() throws {
        let library = Library.synthetic(books: 2, pages: 12)
        let live = FolioApp(library: library, size: Size(width: 1280, height: 800))
        Self.play([(0.1, .return), (1.5, .home)], on: live, frames: 200)
        #expect(live.book?.currentLeaf == -1)
        let (script, replayed) = try Self.replay(live, on: library)
        #expect(script.start?.spread == -1)
        #expect(replayed.book?.currentLeaf == -1)
    }

    /// A capture names the library it was made on (the bundled books by name), and the
    /// script read back says it; a script that names none (by hand, or older) says nil.
    @Test(arguments: [LibraryIdentity.bundled, .path("/home/ann/Comics")])
    func aCaptureNamesItsLibrary(library: LibraryIdentity) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let capture = try InputCapture(path: path, size: Size(width: 1280, height: 800), library: library)
        capture.record(.key(.right), at: 1, size: Size(width: 1280, height: 800))
        try capture.close()
        #expect(try InputScript.load(path: path).library == library)
        #expect(try InputScript.parse(Data(#"{"events":[]}"#.utf8), name: "s.json").library == nil)
        // Another capture into it, not asked to replace it: refused, the file as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: FolioError.self) { try InputCapture(path: path, size: Size(width: 1280, height: 800)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        _ = try InputCapture(path: path, size: Size(width: 1280, height: 800), overwrite: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    /// A script's library is hostile input: "bundled" or an absolute path of at most
    /// `Places.maxPathBytes` bytes with no NUL, else the script is refused naming the field.
    @Test(arguments: [#"{"library":"shelf"}"#, #"{"library":""}"#, #"{"library":"/a\u0000b"}"#, #"{"library":3}"#,
                      #"{"library":"/"# + String(repeating: "x", count: 4096) + #""}"#])
    func aBadLibraryIsRefused(text: String) {
        #expect {
            try InputScript.parse(Data(text.utf8), name: "s.json")
        } throws: { error in
            (error as? FolioError)?.message.contains("library") == true
        }
    }

    /// A script's start is checked like every field: whole numbers within the limits.
    @Test(arguments: [#"{"start":{"centred":-1}}"#, #"{"start":{"book":1.5}}"#, #"{"start":{"spread":1e9}}"#,
                      #"{"start":{"centred":10000}}"#])
    func aBadStartIsRefused(text: String) {
        #expect(throws: FolioError.self) { try InputScript.parse(Data(text.utf8), name: "s.json") }
    }
}
