import CSDL2
import FolioTestFixtures
import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL
import FolioThreads

/// SDL_DROPFILE, pushed into SDL's queue on the offscreen driver, reaches the app as a drop.
@Suite(.serialized) struct DropEventTests {
    /// Pushes a drop event carrying a copy of `text` (SDL frees it when translated) and
    /// returns what the translator makes of it.
    static func pushAndTranslate(_ type: SDL_EventType, _ text: String) -> [EventTranslator.Translated] {
        var event = SDL_Event()
        event.type = type.rawValue
        event.drop.file = SDL_strdup(text)
        #expect(SDL_PushEvent(&event) == 1)
        var out: [EventTranslator.Translated] = []
        var polled = SDL_Event()
        while SDL_PollEvent(&polled) == 1 {
            if [SDL_DROPFILE.rawValue, SDL_DROPTEXT.rawValue].contains(polled.type) { out.append(EventTranslator.translate(polled)) }
        }
        return out
    }

    @Test func aDroppedFileJoinsTheShelf() throws {
        let canvas = try HeadlessCanvas(library: .synthetic(books: 2, pages: 4), decoder: TestDecoding.workers, width: 320, height: 200)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-drop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A folder of two BMPs is a book.
        let bmp = try #require(Data(base64Encoded: "Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAATCwAAEwsAAAAAAAAAAAAAoLTIAA=="))
        try bmp.write(to: dir.appendingPathComponent("1.bmp"))
        try bmp.write(to: dir.appendingPathComponent("2.bmp"))
        let translated = Self.pushAndTranslate(SDL_DROPFILE, dir.path)
        #expect(translated.count == 1)
        guard case .app(let event)? = translated.first else {
            Issue.record("SDL_DROPFILE was not translated into an app event")
            return
        }
        #expect(event == .dropped(path: dir.path))
        let app = FolioApp(library: .synthetic(books: 2, pages: 4), size: Size(width: 320, height: 200))
        app.update(at: 0)
        guard case .dropped(let path) = event else { return }
        #expect(app.adopt(dropOf: path, FolioApp.readDrop(path) { try LibraryLoader.load($0) }, at: 0.1).isEmpty)
        app.update(at: 3)
        #expect(app.library.books.count == 3)
        #expect(app.shelf.centredIndex == 2)
        // The renderer draws the new book from the grown library.
        canvas.renderer.library = app.library
        try canvas.draw(app)
        #expect(canvas.renderer.library.books.count == 3)
    }

    /// Dropped text is not a path, and a path longer than PATH_MAX is not looked at.
    @Test func textAndOverlongPathsAreIgnored() throws {
        _ = try HeadlessCanvas(library: .synthetic(books: 1, pages: 2), decoder: TestDecoding.workers, width: 320, height: 200)
        for translated in [Self.pushAndTranslate(SDL_DROPTEXT, "/tmp"),
                           Self.pushAndTranslate(SDL_DROPFILE, "/" + String(repeating: "a", count: FolioApp.maxDropPathBytes))] {
            #expect(translated.count == 1)
            guard case .none? = translated.first else {
                Issue.record("expected no event, got \(String(describing: translated.first))")
                continue
            }
        }
    }

    /// A drop is read off the window's thread: queuing it returns while the loader is still
    /// busy, and what is read comes back once, in the order dropped, failures as sentences.
    @Test func dropsAreReadOffTheWindowsThreadInOrder() throws {
        let gate = DispatchSemaphore(value: 0)
        let reader = DropReader(load: { path in
            if path == "/first" { gate.wait() }  // the first drop is slow to read
            if path == "/broken" { throw FolioError.badInput("/broken: not a library.") }
            return LibraryLoader.Result(library: .synthetic(books: 1, pages: 2), problems: [])
        })
        reader.read("/first")
        reader.read("/broken")
        reader.read("/third")
        // All three queued while the first is still being read: nothing has come back.
        #expect(reader.take().isEmpty)
        #expect(reader.isBusy)
        gate.signal()
        var read: [DropReader.Read] = []
        waitUntil("the three drops read back (\(read.count) so far)") {
            read += reader.take()
            return read.count >= 3
        }
        try #require(read.map(\.path) == ["/first", "/broken", "/third"])
        guard case .failure(let failure) = read[1].result else { Issue.record("a broken drop read as a library"); return }
        #expect(failure.message == "/broken: not a library.")
        #expect((try? read[2].result.get().library.books.count) == 1)
        #expect(reader.take().isEmpty)
        #expect(!reader.isBusy)
    }

    /// The window's own loop: a drop waiting in SDL's queue when the viewer starts joins the
    /// shelf and is centred, as its live trace shows; SDL_QUIT, pushed from another thread
    /// once the trace shows it (or 10 s on, when it never does), ends the loop.
    /// The book centred on the shelf in the last whole line of a live trace, once the shelf
    /// has come to rest on it (nil while it glides).
    static func shelfAtRest(_ trace: URL) -> Double? {
        guard let text = try? String(contentsOf: trace, encoding: .utf8), text.hasSuffix("\n"),
              let line = text.split(separator: "\n").last,
              let state = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let shelf = state["shelf"] as? [String: Any], let centred = shelf["centered"] as? Double,
              let position = shelf["position"] as? Double, let stride = shelf["stride"] as? Double,
              abs(position - centred * stride) < 0.01 else { return nil }
        return centred
    }

    @Test func theLiveViewerTakesADrop() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-drop-\(UUID().uuidString)")
        let book = dir.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bmp = try #require(Data(base64Encoded: "Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAATCwAAEwsAAAAAAAAAAAAAoLTIAA=="))
        try bmp.write(to: book.appendingPathComponent("1.bmp"))
        try bmp.write(to: book.appendingPathComponent("2.bmp"))
        let trace = dir.appendingPathComponent("live.jsonl")
        var options = LiveViewer.Options()
        options.width = 640
        options.height = 400
        options.tracePath = trace.path
        let viewer = try LiveViewer(library: .synthetic(books: 3, pages: 4), decoder: TestDecoding.workers, options: options)
        var drop = SDL_Event()
        drop.type = SDL_DROPFILE.rawValue
        drop.drop.file = SDL_strdup(book.path)
        #expect(SDL_PushEvent(&drop) == 1)
        let quitter = startDetachedThread(named: "folio-test") {
            _ = poll { Self.shelfAtRest(trace) == 3 ? true : nil }
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
        }
        try #require(quitter, "no thread to quit the viewer")
        try viewer.run()
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        let last = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let shelf = try #require(last["shelf"] as? [String: Any])
        #expect(shelf["centered"] as? Double == 3, "the dropped book was not centred: \(shelf)")
        #expect((shelf["covers"] as? [[String: Any]])?.contains { $0["book"] as? Double == 3 } == true)
    }
}
