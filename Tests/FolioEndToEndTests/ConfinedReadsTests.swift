import Foundation
import Testing
import FolioTestFixtures

/// The viewer's process opens none of a user's book files: traced with strace, the comic
/// archive, the PDF and the images of a library are opened only by the decoder workers (the
/// processes started as `folio --decoder-worker`, and their threads), as `validate` checks
/// every page and as `record` lists, measures and draws them.
@Suite(.serialized)
struct ConfinedReadsTests {
    /// A library of a comic archive (two pages), a PDF and a folder of images.
    static func library() throws -> (dir: URL, files: [String]) {
        let dir = try Folio.temporaryDirectory()
        let page = try Data(contentsOf: LibraryCommandTests.page)
        let comic = dir.appendingPathComponent("comic.cbz"), pdf = dir.appendingPathComponent("paper.pdf")
        try ArchiveFixture.write([("p1.jpg", page), ("p2.jpg", page)], to: comic)
        try PDFFixture.document(pages: 3, title: "Paper").write(to: pdf)
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg"] { try page.write(to: photos.appendingPathComponent(name)) }
        return (dir, [comic.path, pdf.path, photos.appendingPathComponent("a.jpg").path, photos.appendingPathComponent("b.jpg").path])
    }

    /// The paths the traced command opened outside its decoder workers, and in them.
    static func openedByTheViewer(_ arguments: [String]) throws -> (opened: Set<String>, byWorkers: Set<String>, status: Int32) {
        let log = try Folio.temporaryDirectory().appendingPathComponent("strace.log")
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        let strace = try #require(Folio.which("strace"))
        let result = try Folio.runProcess(strace, ["-f", "-s", "4096", "-e", "trace=open,openat,clone,clone3,fork,vfork,execve",
                                                   "-o", log.path, Folio.executable] + arguments)
        let text = try String(contentsOf: log, encoding: .utf8)
        var parent: [Int: Int] = [:], workers = Set<Int>(), opens: [(Int, String)] = []
        let clone = try Regex(#"^(\d+)\s+.*\b(?:clone3?|v?fork)\b.*= (\d+)$"#)
        let open = try Regex(#"^(\d+)\s+open(?:at)?\((?:AT_FDCWD, )?"([^"]+)""#)
        for line in text.split(separator: "\n") {
            if let m = line.firstMatch(of: clone), let from = Int(m.output[1].substring ?? ""), let to = Int(m.output[2].substring ?? "") {
                parent[to] = from
            } else if line.contains("execve("), line.contains("\"--decoder-worker\""), let pid = Int(line.prefix { $0.isNumber }) {
                workers.insert(pid)
            } else if let m = line.firstMatch(of: open), let pid = Int(m.output[1].substring ?? ""), let path = m.output[2].substring {
                opens.append((pid, String(path)))
            }
        }
        func isWorker(_ pid: Int) -> Bool {
            var next: Int? = pid
            while let p = next {
                if workers.contains(p) { return true }
                next = parent[p]
            }
            return false
        }
        #expect(!workers.isEmpty, "no decoder worker was started")
        return (Set(opens.filter { !isWorker($0.0) }.map(\.1)), Set(opens.filter { isWorker($0.0) }.map(\.1)), result.status)
    }

    @Test(arguments: [["validate"], ["record", "--duration", "3", "--quiet", "--library"]])
    func onlyDecoderWorkersOpenTheBooksFiles(command: [String]) throws {
        try #require(Folio.which("strace") != nil, "strace is not installed")
        let (dir, files) = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments = command + [dir.path]
        if command.first == "record" { arguments.insert(contentsOf: ["--trace", dir.appendingPathComponent("t.jsonl").path], at: 1) }
        let traced = try Self.openedByTheViewer(arguments)
        #expect(traced.status == 0)
        for file in files {
            #expect(!traced.opened.contains(file), "the viewer's process opened \(file)")
            #expect(traced.byWorkers.contains(file), "no worker opened \(file)")
        }
    }

    /// One image opened alone: the viewer checks it is a file it can read through a worker.
    @Test func anImageOpenedAloneIsOpenedOnlyByAWorker() throws {
        try #require(Folio.which("strace") != nil, "strace is not installed")
        let (dir, files) = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let traced = try Self.openedByTheViewer(["validate", files[2]])
        #expect(traced.status == 0)
        #expect(!traced.opened.contains(files[2]), "the viewer's process opened \(files[2])")
        #expect(traced.byWorkers.contains(files[2]), "no worker opened \(files[2])")
    }
}
