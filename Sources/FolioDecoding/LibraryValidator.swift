import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Decodes every image of a library to find what the viewer would show as a placeholder:
/// unreadable or corrupt images, images that end early, images too large, books with nothing
/// to show. Readers' habits are not problems: an odd page count (a blank evens it), a book of one page, or
/// one comic in two formats under one title.
public enum LibraryValidator {
    /// How long a check may take: past `deadline` (the system's uptime, in seconds) no more
    /// pages are decoded, and each book says how many of its pages were not checked.
    package struct TimeLimit: Sendable {
        package var seconds: Double
        package var deadline: Double

        package init(seconds: Double, from start: Double = ProcessInfo.processInfo.systemUptime) {
            self.seconds = seconds
            deadline = start + seconds
        }

        var isPast: Bool { ProcessInfo.processInfo.systemUptime >= deadline }
    }

    /// The images `check` decodes: each book's cover and pages, each once.
    package static func imageCount(_ library: Library) -> Int {
        library.books.reduce(0) { $0 + Set(sources(of: $1)).count }
    }

    private static func sources(of book: Book) -> [ImageSource] {
        [book.cover].compactMap({ $0 }) + book.pages.compactMap({ $0 })
    }

    /// Every problem of `library`, its pages decoded within `limit` (a page being decoded
    /// when it passes is finished); `progress` hears how many images are checked so far
    /// (of `imageCount`), one call at a time.
    package static func check(_ library: Library, decoder: any PageDecoder, limit: TimeLimit? = nil,
                              progress: (@Sendable (_ checked: Int) -> Void)? = nil) -> [LibraryProblem] {
        PageImage.countEndsEarly()
        var problems: [LibraryProblem] = []
        let checked = Monitor(0)
        for book in library.books {
            let sources = sources(of: book)
            let label = "\"\(book.title)\""
            if book.pages.isEmpty && book.cover == nil {
                problems.append(LibraryProblem(file: label, message: "empty book: no pages."))
            }
            // Asked for in the order the images are stored (so the workers read an archive
            // forward, however its pages are shuffled), decoded on as many threads as there
            // are decoder workers, reported in page order.
            let found = Monitor([ImageSource: LibraryProblem]()), passedOver = Monitor(0)
            let ordered = storedOrder(sources, decoder: decoder)
            forEachIndex(ordered.count, onThreads: decodingThreads, named: "folio-validate") { index in
                // Past the time limit, the pages left are counted, not checked.
                if limit?.isPast == true {
                    passedOver.withLock { $0 += 1 }
                    return
                }
                let source = ordered[index]
                if let problem = check(source, decoder: decoder) { found.withLock { $0[source] = problem } }
                checked.withLock { done in
                    done += 1
                    progress?(done)
                }
            }
            let unchecked = passedOver.withLock { $0 }
            let problemsFound = found.withLock { $0 }
            problems += sources.compactMap { problemsFound[$0] }
            if unchecked > 0, let limit {
                let seconds = String(format: "%g", limit.seconds)
                problems.append(LibraryProblem(file: label, message: "\(Sentence.count(unchecked, "page")) not checked: validate's \(seconds) s ran out (--time-limit 0 checks every page)."))
            }
        }
        return problems
    }

    /// The page shape `validate` decodes to: small, so checking a library of scans is quick
    /// and every image is still decoded through the viewer's own path.
    static let probeShape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)

    /// Pages decoded at once: one a decoder worker.
    static let decodingThreads = DecoderSandbox.maxWorkers

    /// Each distinct source of `sources` once: an archive's entries all where the first of
    /// them comes up, in the order the archive stores them (as `decoder` lists it; as they
    /// come when it cannot), every other source as it comes.
    static func storedOrder(_ sources: [ImageSource], decoder: any PageDecoder) -> [ImageSource] {
        var wanted: [String: [ImageSource]] = [:]
        var seen = Set<ImageSource>()
        let distinct = sources.filter { seen.insert($0).inserted }
        for source in distinct {
            if case .archiveEntry(let archive, _) = source { wanted[archive, default: []].append(source) }
        }
        var ordered: [ImageSource] = []
        for source in distinct {
            guard case .archiveEntry(let archive, _) = source else {
                ordered.append(source)
                continue
            }
            guard let entries = wanted.removeValue(forKey: archive) else { continue }
            let stored = (try? decoder.listing(ofArchive: archive).entries) ?? []
            let rank = Dictionary(stored.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
            ordered += entries.enumerated().sorted { a, b in
                guard case .archiveEntry(_, let x) = a.element, case .archiveEntry(_, let y) = b.element else { return a.offset < b.offset }
                return (rank[x] ?? Int.max, a.offset) < (rank[y] ?? Int.max, b.offset)
            }.map(\.element)
        }
        return ordered
    }

    /// Nil when the image decodes; otherwise what is wrong with it.
    static func check(_ source: ImageSource, decoder: any PageDecoder) -> LibraryProblem? {
        if case .unavailable = source { return nil }  // reported when the library loaded
        switch PageImage.make(source, decoder: decoder, shape: probeShape) {
        case .success:
            // A document page's link too long to keep is named (the page draws without it).
            if case .documentPage(let document, let page) = source,
               let longest = decoder.links(document, page: page).compactMap({ link -> Int? in
                   if case .unkept(let bytes) = link.target { return bytes } else { return nil }
               }).max() {
                return LibraryProblem(file: source.name, message: "a link's address is \(Sentence.grouped(longest)) bytes long, more than the \(Sentence.grouped(PageLink.maxAddress)) Folio keeps; the link is left out.")
            }
            guard PageImage.endedEarly(source.name) else { return nil }
            return LibraryProblem(file: source.name, message: "ends early (the viewer shows it as far as it goes).")
        case .failure(let failure):
            let message: String
            switch failure.cause {
            case .missing: message = "missing file."
            case .tooLarge: message = "image too large: \(failure.detail)."
            case .unreadable: message = "unreadable or corrupt image (\(failure.detail))."
            case .unsupported:
                let prefix = source.name + ": "
                message = failure.message.hasPrefix(prefix) ? String(failure.message.dropFirst(prefix.count)) : failure.message
            case .refused, .encrypted:
                let word = failure.cause.rawValue
                message = failure.detail.isEmpty ? "\(word)." : "\(word): \(failure.detail)."
            }
            return LibraryProblem(file: source.name, message: message)
        }
    }
}
