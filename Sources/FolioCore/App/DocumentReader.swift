import Foundation

/// What the app reads of a document besides its pixels: a page's links and searches of its
/// text, through the decoder (`DocumentInspector`, confined workers in the viewer), never on
/// the input or drawing path. Work goes to `run`, which the live viewer makes a background
/// thread; answers are kept here under a lock and read by the app as it draws (a link
/// under the pointer, a search's hits so far). A recording or a test runs the work where it
/// is asked for, so what it shows is the same every run.
public final class DocumentReader: @unchecked Sendable {
    // Unchecked: every stored property that changes is touched only with `lock` held.
    /// Runs work off the caller's thread (the live viewer), or at once (recordings, tests).
    public typealias Run = @Sendable (@escaping @Sendable () -> Void) -> Void

    private let inspector: any DocumentInspector
    private let run: Run
    /// How many stretches of one search run at once (the decoder's workers).
    public let lanes: Int
    private let lock = NSLock()
    /// Links read, by document and page (from 0); asked for and not yet read: absent from
    /// `links` but in `asked`.
    private var links: [String: [Int: [PageLink]]] = [:]
    private var asked: Set<String> = []
    /// Pages whose links are kept at most (the oldest document's are let go first).
    static let keptDocuments = 4
    private var documentOrder: [String] = []

    /// Searches advanced a stretch a frame (`stepped`), with their documents and texts.
    private var stepping: [(search: TextSearch, path: String)] = []
    private let stepsSearches: Bool

    public init(inspector: any DocumentInspector, lanes: Int = 1, run: @escaping Run = { $0() }) {
        self.inspector = inspector
        self.run = run
        self.lanes = max(lanes, 1)
        stepsSearches = false
    }

    private init(steppingWith inspector: any DocumentInspector) {
        self.inspector = inspector
        run = { $0() }
        lanes = 1
        stepsSearches = true
    }

    /// A reader for a recording: links are read where they are asked for, and a search reads
    /// one stretch of pages a frame (`step`), as the viewer's does between frames, so a long
    /// search never holds one frame (and what each frame shows is the same every run).
    public static func stepped(inspector: any DocumentInspector) -> DocumentReader {
        DocumentReader(steppingWith: inspector)
    }

    /// Each frame (the app calls it): one stretch more of each search a stepped reader runs.
    public func step() {
        guard stepsSearches else { return }
        let now = lock.withLock { stepping }
        for (search, path) in now {
            if let stretch = search.nextStretch() {
                search.finish(stretch, with: inspector.find(search.text, in: path, first: stretch.first, count: stretch.count))
            }
        }
        lock.withLock { stepping.removeAll { $0.search.progress.isDone || $0.search.isCancelled } }
    }

    /// The links on page `page` (from 0) of the document at `path`, a book of `pageCount`
    /// pages, checked (`PageLink.checked`); nil until they are read (the first ask starts it).
    public func links(_ path: String, page: Int, pageCount: Int) -> [PageLink]? {
        let key = "\(page)\u{0}\(path)"
        let known: [PageLink]?? = lock.withLock {
            if let found = links[path]?[page] { return .some(found) }
            guard !asked.contains(key) else { return .some(nil) }
            asked.insert(key)
            return nil
        }
        if let known { return known }
        let inspector = inspector
        run { [self] in
            let read = PageLink.checked(inspector.links(path, page: page), pageCount: pageCount)
            lock.withLock {
                if links[path] == nil {
                    documentOrder.append(path)
                    if documentOrder.count > DocumentReader.keptDocuments { links[documentOrder.removeFirst()] = nil }
                }
                links[path, default: [:]][page] = read
                asked.remove(key)
            }
        }
        return lock.withLock { links[path]?[page] }
    }

    /// Starts searching the document at `path` (`pageCount` pages) for `text`, from page
    /// `first` (from 0) to its end and round from its start; `lanes` stretches run at once.
    /// The search reads on until it ends or is cancelled.
    public func search(_ text: String, in path: String, pageCount: Int, from first: Int) -> TextSearch {
        let search = TextSearch(text: text, pageCount: pageCount, first: first)
        if stepsSearches {
            lock.withLock { stepping.append((search, path)) }
            return search
        }
        let inspector = inspector
        for _ in 0..<lanes {
            run {
                while let stretch = search.nextStretch() {
                    let answer = inspector.find(text, in: path, first: stretch.first, count: stretch.count)
                    search.finish(stretch, with: answer)
                }
            }
        }
        return search
    }
}

/// One search of a document's text, read in stretches of pages (`DocumentReader.search`):
/// from the page the reader was on to the end, then round from the start. Safe from any
/// thread; the app reads its hits so far as it draws.
public final class TextSearch: @unchecked Sendable {
    // Unchecked: the state is touched only with `lock` held.
    public let text: String
    public let pageCount: Int
    /// Where it began (from 0).
    public let first: Int
    /// Pages the first stretch searches (its first hit shows soon), and each later one.
    static let firstStretch = 4
    static let stretch = 48

    public struct Stretch: Equatable, Sendable {
        public var first: Int
        public var count: Int
    }

    private let lock = NSLock()
    /// Stretches not yet handed out, in reading order from `first`.
    private var waiting: [Stretch] = []
    /// Hits by page (from 0), and the pages searched.
    private var hitsByPage: [Int: [TextHit]] = [:]
    private var searchedPages = 0
    /// Hits kept, and all of them in page order (nil: to be sorted again).
    private var hitCount = 0
    private var sortedHits: [TextHit]?
    private var isCapped = false
    /// Most hits one search keeps.
    public static let maxHits = 10_000
    /// Each page, whether it has been searched.
    private var searched: [Bool]
    private var anyText = false
    private var unreadable = false
    private var cancelled = false
    private var running = 0

    /// It was cancelled (or stopped on a document that cannot be searched).
    var isCancelled: Bool { lock.withLock { cancelled } }

    init(text: String, pageCount: Int, first: Int) {
        self.text = text
        self.pageCount = max(pageCount, 0)
        self.first = min(max(first, 0), max(pageCount - 1, 0))
        searched = Array(repeating: false, count: self.pageCount)
        // Stretches from `first` to the end, then from 0 to `first`.
        var size = TextSearch.firstStretch
        for (from, to) in [(self.first, self.pageCount), (0, self.first)] {
            var page = from
            while page < to {
                let count = min(size, to - page)
                waiting.append(Stretch(first: page, count: count))
                page += count
                size = TextSearch.stretch
            }
        }
    }

    /// The next stretch to search, or nil when none is left (or the search was cancelled).
    func nextStretch() -> Stretch? {
        lock.withLock {
            guard !cancelled, !waiting.isEmpty else { return nil }
            running += 1
            return waiting.removeFirst()
        }
    }

    /// Keeps what a stretch answered: its hits (those on its pages), and the pages it did
    /// not reach go back to be searched next. Nil: the document could not be searched.
    func finish(_ stretch: Stretch, with answer: TextSearchStretch?) {
        lock.withLock {
            running -= 1
            guard let answer else {
                unreadable = true
                cancelled = true
                return
            }
            let searched = min(max(answer.searched, 0), stretch.count)
            for hit in answer.hits where (stretch.first + 1...stretch.first + max(searched, 1)).contains(hit.number) {
                guard hitCount < TextSearch.maxHits, let area = PageLink.unitArea(hit.area) else { continue }
                hitsByPage[hit.number - 1, default: []].append(TextHit(number: hit.number, area: area,
                                                                       pageAspect: PageLink.checkedAspect(hit.pageAspect)))
                hitCount += 1
            }
            sortedHits = nil
            // Enough to step through: a search for "e" stops rather than keep millions.
            if hitCount >= TextSearch.maxHits {
                isCapped = true
                cancelled = true
            }
            // A stretch that searched nothing still moves on a page (a page that takes all of
            // a stretch's time is passed over, not searched for ever).
            let done = max(searched, 1)
            searchedPages += done
            for page in stretch.first..<min(stretch.first + done, pageCount) { self.searched[page] = true }
            anyText = anyText || answer.hasText
            if done < stretch.count { waiting.insert(Stretch(first: stretch.first + done, count: stretch.count - done), at: 0) }
        }
    }

    /// Stops handing out stretches (those running finish and are kept).
    public func cancel() {
        lock.withLock { cancelled = true }
    }

    /// What the search knows now.
    public struct Progress: Equatable, Sendable {
        /// Every hit so far, in page order (within a page, as the page gave them).
        public var hits: [TextHit]
        public var searched: Int
        public var pageCount: Int
        /// Some page searched holds text.
        public var hasText: Bool
        /// Every page searched (or the search stopped).
        public var isDone: Bool
        /// The document could not be searched.
        public var failed: Bool
        /// It stopped at `TextSearch.maxHits`.
        public var isCapped: Bool

        /// The hits on page `number`, found by halving (they are in page order): what is
        /// marked on a page each frame, without a walk through every hit.
        public func hits(onPage number: Int) -> ArraySlice<TextHit> {
            func first(_ isPast: (TextHit) -> Bool) -> Int {
                var low = 0, high = hits.count
                while low < high {
                    let middle = (low + high) / 2
                    if isPast(hits[middle]) { high = middle } else { low = middle + 1 }
                }
                return low
            }
            return hits[first { $0.number >= number }..<first { $0.number > number }]
        }
    }

    public var progress: Progress {
        lock.withLock {
            let hits = sortedHits ?? hitsByPage.keys.sorted().flatMap { hitsByPage[$0] ?? [] }
            sortedHits = hits
            return Progress(hits: hits, searched: min(searchedPages, pageCount), pageCount: pageCount, hasText: anyText,
                            isDone: running == 0 && (waiting.isEmpty || cancelled), failed: unreadable, isCapped: isCapped)
        }
    }

    /// The index (in `progress.hits`) of the first hit at or after page `first` in reading
    /// order (round to the start), once it is certain: every page from `first` up to it has
    /// been searched. Nil while that is not known, or when there is none.
    public var firstHitFromStart: Int? {
        lock.withLock {
            for page in Array(first..<pageCount) + Array(0..<first) {
                if let hits = hitsByPage[page], !hits.isEmpty {
                    return hitsByPage.keys.filter { $0 < page }.reduce(0) { $0 + (hitsByPage[$1]?.count ?? 0) }
                }
                guard searched[page] else { return nil }
            }
            return nil
        }
    }
}
