import FolioCore
import FolioDecoding
import FolioSamples
import FolioThreads
import Foundation

extension Benchmarks {
    /// Pages of the searched PDF, and how often the word sought is on a page.
    static let searchPages = 1000
    static let searchEvery = 37

    /// Searching a PDF of 1,000 pages of text (twelve lines a page, the word sought on every
    /// 37th page, first on page 37) for that word from its first page, as "/" does in the
    /// viewer: the decoder's workers search stretches of pages at once (`DocumentReader`).
    /// `first_hit_ms` is the time to the first hit known to be the first; `all_hits_ms` to
    /// every page searched. Medians of `runs`; the document is opened afresh in each run
    /// (the workers are new).
    public func measureSearch(runs: Int = 5) throws -> [(String, JSONValue)] {
        let pdf = try searchBook()
        var first: [Double] = [], all: [Double] = [], hits = 0
        for _ in 0..<runs {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            let workers = try DecoderSandbox(executable: DecoderSandbox.worker(of: executable))
            let reader = DocumentReader(inspector: workers, lanes: DecoderSandbox.maxWorkers) { work in
                if !startDetachedThread(named: "folio-benchfind", work) { work() }
            }
            let begin = seconds()
            let search = reader.search("needle", in: pdf.path, pageCount: Self.searchPages, from: 0)
            var firstAt: Double?
            while seconds() - begin < 60 {
                if firstAt == nil, search.firstHitFromStart != nil { firstAt = seconds() - begin }
                if search.progress.isDone { break }
                usleep(1000)
            }
            all.append(seconds() - begin)
            first.append(firstAt ?? .nan)
            hits = search.progress.hits.count
        }
        func ms(_ samples: [Double]) -> JSONValue { .number((median(samples) * 1000).rounded()) }
        return [("pages", .number(Double(Self.searchPages))), ("hits", .number(Double(hits))),
                ("first_hit_ms", ms(first)), ("all_hits_ms", ms(all)), ("runs", .number(Double(runs)))]
    }

    /// The searched PDF, written once into ~/.cache/folio.
    func searchBook() throws -> URL {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-search")
        let pdf = dir.appendingPathComponent("text-\(Self.searchPages).pdf")
        if FileManager.default.fileExists(atPath: pdf.path) { return pdf }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let line = "the quick brown fox jumps over the lazy dog again"
        var text: [Int: [String]] = [:]
        for page in 0..<Self.searchPages {
            var lines = Array(repeating: line, count: 12)
            if (page + 1) % Self.searchEvery == 0 { lines[5] = "a needle in the haystack on this page" }
            text[page] = lines
        }
        let partial = dir.appendingPathComponent(".text.pdf")
        try PDFWriter.document(pages: Self.searchPages, text: text).write(to: partial)
        try FileManager.default.moveItem(at: partial, to: pdf)
        return pdf
    }
}
