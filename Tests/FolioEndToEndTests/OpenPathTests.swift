import FolioTestFixtures
import Foundation
import Testing

/// `folio PATH` opens what it names, `--page N` opens that book at a page, `--version`.
@Suite(.serialized)
struct OpenPathTests {
    static let offscreen = ["SDL_VIDEODRIVER": "offscreen"]

    /// A comic archive of six pages (the cover and five more) in a fresh folder, beside a
    /// second book (a folder of images).
    static func comic() throws -> (dir: URL, cbz: URL) {
        let dir = try Folio.temporaryDirectory()
        let pages = dir.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for i in 1...6 {
            try FileManager.default.copyItem(at: LibraryCommandTests.page, to: pages.appendingPathComponent("p\(i).jpg"))
        }
        let cbz = dir.appendingPathComponent("comic.cbz")
        let zip = try Folio.runProcess("/usr/bin/python3", ["-m", "zipfile", "-c", cbz.path] + (1...6).map { pages.appendingPathComponent("p\($0).jpg").path })
        try #require(zip.status == 0, "\(zip.stderr)")
        return (dir, cbz)
    }

    @Test func versionPrintsOneLine() throws {
        let result = try Folio.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    /// PATH as the only argument, with the view command named or not, is --library PATH.
    @Test(arguments: [[String](), ["view"]])
    func aPathOpensTheViewerOnIt(prefix: [String]) throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("trace.jsonl")
        let result = try Folio.run(prefix + [cbz.path, "--exit-after-first-frame", "--trace", trace.path], environment: Self.offscreen)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "first-frame\n")
        let first = try #require(try Folio.trace(trace).first)
        let shelf = try #require(first["shelf"] as? [String: Any])
        #expect((shelf["covers"] as? [Any])?.count == 1)
        // One book: it opens straight away (on its way to the reading view).
        #expect(first["stack"] as? [String] == ["shelf", "book"])
        #expect((first["transition"] as? [String: Any])?["operation"] as? String == "push")
    }

    /// A folder of books opens on the shelf, nothing opened.
    @Test func aFolderOfBooksOpensTheShelf() throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: cbz, to: dir.appendingPathComponent("second.cbz"))
        let trace = dir.appendingPathComponent("trace.jsonl")
        let result = try Folio.run([dir.path, "--exit-after-first-frame", "--trace", trace.path], environment: Self.offscreen)
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(try Folio.trace(trace).first)
        #expect(first["stack"] as? [String] == ["shelf"] && first["transition"] is NSNull)
    }

    /// --page N: the book opens as the window appears, on the spread showing page N (the
    /// cover is page 1, alone on the spread before the first, so page 4 is display page 3,
    /// on the second spread).
    @Test(arguments: [(1, -1), (3, 0), (4, 1), (5, 1)])
    func pageOpensTheBookThere(page: Int, leaf: Int) throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("trace.jsonl")
        let result = try Folio.run([cbz.path, "--page", "\(page)", "--size", "800x500", "--exit-after-first-frame", "--trace", trace.path],
                                   environment: Self.offscreen)
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(try Folio.trace(trace).first)
        let transition = try #require(first["transition"] as? [String: Any])
        #expect(transition["operation"] as? String == "push")
        let book = try #require(first["book"] as? [String: Any])
        #expect(book["index"] as? Double == 0)
        #expect(book["offset"] as? Double == Double(leaf * 800))
    }

    /// Every refusal is one sentence naming the flag or file, exit 2, before any window.
    @Test func badPathsAndPagesExit2WithOneSentence() throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("gone.cbz").path
        let cases: [([String], String)] = [
            ([cbz.path, "--page", "0"], "--page 0 is outside 1…"),
            ([cbz.path, "--page", "-3"], "--page"),
            ([cbz.path, "--page", "six"], "six"),
            ([cbz.path, "--page", "99999999999999999999"], "--page"),
            ([cbz.path, "--page", "7"], "--page 7 is outside 1…6: \(cbz.path) has 6 pages."),
            ([dir.path, "--page", "2"], "--page 2 needs one book, and \(dir.path) holds 2 books."),
            (["--page", "2"], "needs one book"),
            ([cbz.path, "--library", cbz.path], "not both"),
            ([missing], "\(missing): no such file or folder."),
            ([""], "PATH is empty"),
            (["/dev/null"], "/dev/null: is not a regular file (a device); refused."),
            ([cbz.path, dir.path], "Unexpected argument"),
        ]
        for (arguments, expected) in cases {
            let result = try Folio.run(arguments + ["--exit-after-first-frame"], environment: Self.offscreen)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("folio: "))
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// The subcommands still win over a path: `folio validate PATH` validates.
    @Test func subcommandsStillWork() throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Folio.run(["validate", cbz.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 book, 6 pages, no problems."), "\(result.stderr)")
    }

    /// `folio comic.cbz --page 4` in a real window under Xvfb: the book opens by itself, lies
    /// flat in the reading view and comes to rest on the second spread.
    @Test(.enabled(if: LiveWindowTests.tools, "needs Xvfb (installed by .ci/run)"))
    func aComicOpensAtItsPageInARealWindow() throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let screen = try VirtualDisplay(number: 80 + Int(getpid() % 9))
        defer { screen.stop() }

        let trace = dir.appendingPathComponent("live.jsonl")
        let app = try screen.launch([cbz.path, "--page", "4", "--size", "1000x700", "--trace", trace.path], state: dir.appendingPathComponent("state"))
        defer { if app.isRunning { app.signal(SIGKILL); app.wait() } }

        let open = LiveWindowTests.waitFor(trace) { state in
            state["transition"] is NSNull && state["stack"] as? [String] == ["shelf", "book", "reading"]
        }
        let state = try #require(open)
        #expect(state["stack"] as? [String] == ["shelf", "book", "reading"])
        let book = try #require(state["book"] as? [String: Any])
        let size = try #require(state["size"] as? [Double])
        #expect(book["offset"] as? Double == size[0], "\(book["offset"] ?? "nil") for a window \(size[0]) wide")
        #expect(book["pageCount"] as? Double == 8)
    }

    /// A book whose file name is not UTF-8 (Latin-1 "café.cbz", as an older system saved it)
    /// is validated and opened by that name, and named with its odd byte written out.
    @Test func aFileNameThatIsNotUTF8Opens() throws {
        let (dir, cbz) = try Self.comic()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The shell passes the name's bytes as they are (Foundation would send UTF-8).
        let latin1 = #"name="$(printf '%s/caf\351.cbz' "$2")"; mv "$1" "$name" && exec "$0" validate "$name""#
        let checked = try Folio.runProcess("/bin/sh", ["-c", latin1, Folio.executable, cbz.path, dir.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.contains("1 book, 6 pages, no problems"), "\(checked.stderr)")
        let trace = dir.appendingPathComponent("trace.jsonl")
        let opened = try Folio.runProcess("/bin/sh", ["-c", #"exec "$0" "$(printf '%s/caf\351.cbz' "$1")" --exit-after-first-frame --trace "$2""#,
                                                      Folio.executable, dir.path, trace.path], environment: Self.offscreen)
        #expect(opened.status == 0, "\(opened.stderr)")
        let first = try #require(try Folio.trace(trace).first)
        #expect(first["stack"] as? [String] == ["shelf", "book"])
        #expect(((first["book"] as? [String: Any])?["title"] as? String) == "caf\\xE9")
    }
}
