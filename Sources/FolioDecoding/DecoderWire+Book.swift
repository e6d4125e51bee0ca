import FolioCore
import FolioLibrary
import Foundation

/// A book reply: the book a format listed in the worker and the problems it named, values
/// already parsed there (a ComicInfo.xml's title, writer, spreads and direction; a PDF's
/// metadata), every count and length bounded before it is read. A library reply: the books
/// a Books.plist lists, parsed in the worker, and its problems.
///
/// The reply: 0 when the file holds no book, else 1 and the book: its title (UInt16 length,
/// bytes), its byline (0 none, 1 and the text), 1 when it reads right to left (0 otherwise),
/// 1 when its pairing is shifted (0 otherwise), its page aspect (0 none, 1 and Float64 bits),
/// its cover (a source), its pages (UInt32 count, a source each) and its spreads (UInt32
/// count, an index into the pages each, Int32), its contents (UInt32 count, at most
/// `BookContents.maxEntries`, each a level (UInt8, under `BookContents.maxDepth`), a page
/// number (Int32, within the book), where on the page (UInt32 millionths of its height, all
/// ones for none) and a title (UInt16 length, at most
/// `BookContents.maxTitleBytes`, bytes)). Then its problems (UInt32 count, each a file
/// and a message, UInt16 length and bytes each). A source: 0 none, 1 a file (its path), 2 an
/// archive's entry (archive, entry), 3 a document's page (document, page as Int32), 4 a
/// format's page (format, file, page), 5 unavailable (its cause's name, its name). A library
/// reply: its books (UInt32 count, each a book as above, without the 1) and its problems.
extension DecoderWire {
    /// Longest title, byline or problem sent (bytes).
    public static let maxBookText = 16_384
    /// Most problems one book reply carries; the rest are dropped.
    public static let maxProblems = 1_000
    /// Most problems, and bytes of texts, one library reply carries (a Books.plist of at most
    /// `LibraryLoader.maxPlistSize` bytes, its pages' paths made whole).
    public static let maxLibraryProblems = 100_000
    public static let maxLibraryText = 256 << 20
    /// Widest page aspect (width over height, or its inverse) a book may have.
    static let maxAspect = 1_000.0

    // MARK: Writing

    static func appendBook(_ listed: ListedBook, to data: inout Data) {
        if let book = listed.book {
            data.append(1)
            appendBookBody(book, to: &data)
        } else {
            data.append(0)
        }
        appendProblems(listed.problems, limit: maxProblems, to: &data)
    }

    /// A Books.plist's books (at most `Library.maxBooks`) and its problems.
    static func appendLibrary(_ books: [Book], problems: [LibraryProblem], to data: inout Data) {
        let books = books.prefix(Library.maxBooks)
        withUnsafeBytes(of: UInt32(books.count).littleEndian) { data.append(contentsOf: $0) }
        for book in books { appendBookBody(book, to: &data) }
        appendProblems(problems, limit: maxLibraryProblems, to: &data)
    }

    private static func appendBookBody(_ book: Book, to data: inout Data) {
        appendText(book.title, limit: maxBookText, to: &data)
        if let byline = book.byline {
            data.append(1)
            appendText(byline, limit: maxBookText, to: &data)
        } else {
            data.append(0)
        }
        data.append(book.rightToLeft ? 1 : 0)
        data.append(book.shifted ? 1 : 0)
        if let aspect = book.pageAspect {
            data.append(1)
            withUnsafeBytes(of: aspect.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        } else {
            data.append(0)
        }
        appendSource(book.cover, to: &data)
        let pages = book.pages.prefix(Library.maxPages)
        withUnsafeBytes(of: UInt32(pages.count).littleEndian) { data.append(contentsOf: $0) }
        for page in pages { appendSource(page, to: &data) }
        let spreads = book.spreads.filter { $0 >= 0 && $0 < pages.count }.sorted()
        withUnsafeBytes(of: UInt32(spreads.count).littleEndian) { data.append(contentsOf: $0) }
        for index in spreads { append(Int32(index), to: &data) }
        let contents = book.contents.prefix(BookContents.maxEntries)
        withUnsafeBytes(of: UInt32(contents.count).littleEndian) { data.append(contentsOf: $0) }
        for entry in contents {
            data.append(UInt8(clamping: min(max(entry.level, 0), BookContents.maxDepth - 1)))
            append(Int32(clamping: entry.number), to: &data)
            appendTop(entry.top, to: &data)
            appendText(entry.title, limit: BookContents.maxTitleBytes, to: &data)
        }
        let labels = (book.pageLabels ?? []).prefix(min(PageLabels.maxPages, pages.count + 1))
        withUnsafeBytes(of: UInt32(labels.count).littleEndian) { data.append(contentsOf: $0) }
        for label in labels { appendText(label, limit: PageLabels.maxBytes, to: &data) }
    }

    private static func appendProblems(_ problems: [LibraryProblem], limit: Int, to data: inout Data) {
        let problems = problems.prefix(limit)
        withUnsafeBytes(of: UInt32(problems.count).littleEndian) { data.append(contentsOf: $0) }
        for problem in problems {
            appendText(problem.file, limit: maxPath, to: &data)
            appendText(problem.message, limit: maxBookText, to: &data)
        }
    }

    private static func appendSource(_ source: ImageSource?, to data: inout Data) {
        switch source {
        case nil:
            data.append(0)
        case .file(let path)?:
            data.append(1)
            appendText(path, limit: maxPath, to: &data)
        case .archiveEntry(let archive, let entry)?:
            data.append(2)
            appendText(archive, limit: maxPath, to: &data)
            appendText(entry, limit: maxPath, to: &data)
        case .documentPage(let document, let page)?:
            data.append(3)
            appendText(document, limit: maxPath, to: &data)
            append(Int32(clamping: page), to: &data)
        case .formatPage(let format, let file, let page)?:
            data.append(4)
            appendText(format, limit: maxFormatName, to: &data)
            appendText(file, limit: maxPath, to: &data)
            appendText(page, limit: maxPath, to: &data)
        case .unavailable(let cause, let name)?:
            data.append(5)
            appendText(cause.rawValue, limit: maxText, to: &data)
            appendText(name, limit: maxPath, to: &data)
        }
    }

    // MARK: Reading

    /// A book reply's book and problems; `Malformed` on anything out of bounds.
    static func readBook(_ read: Source) throws -> ListedBook {
        // The reader lives only for this call.
        try withoutActuallyEscaping(read) { read in
            var reader = BookReader(read: read, limit: maxListing)
            let book = try reader.flag("a book") ? try reader.book() : nil
            return ListedBook(book: book, problems: try reader.problems(atMost: maxProblems))
        }
    }

    /// A library reply's books and problems; `Malformed` on anything out of bounds.
    static func readLibrary(_ read: Source) throws -> (books: [Book], problems: [LibraryProblem]) {
        try withoutActuallyEscaping(read) { read in
            var reader = BookReader(read: read, limit: maxLibraryText)
            var books: [Book] = []
            for _ in 0..<(try reader.count("books", atMost: Library.maxBooks)) { books.append(try reader.book()) }
            return (books, try reader.problems(atMost: maxLibraryProblems))
        }
    }

    /// Reads books and problems, every text counted against `limit` bytes for the reply.
    private struct BookReader {
        let read: Source
        let limit: Int
        var carried = 0

        mutating func text(_ limit: Int) throws -> String {
            let text = try readText(read, limit: limit)
            carried += text.utf8.count
            guard carried <= self.limit else { throw Malformed(what: "a reply past \(self.limit >> 20) MB of names") }
            return text
        }

        func flag(_ what: String) throws -> Bool {
            let byte = try take(read, 1).first ?? 0
            guard byte <= 1 else { throw Malformed(what: "\(what) marked \(byte)") }
            return byte == 1
        }

        func count(_ what: String, atMost limit: Int) throws -> Int {
            let count = Int(UInt32(bitPattern: int32(try take(read, 4), at: 0)))
            guard count <= limit else { throw Malformed(what: "\(count) \(what)") }
            return count
        }

        mutating func book() throws -> Book {
            let title = try text(maxBookText)
            let byline = try flag("a byline") ? try text(maxBookText) : nil
            let rightToLeft = try flag("a direction"), shifted = try flag("a pairing")
            var aspect: Double?
            if try flag("a page aspect") {
                var bits: UInt64 = 0
                let bytes = try take(read, 8)
                for i in 0..<8 { bits |= UInt64(bytes[bytes.startIndex + i]) << (8 * UInt64(i)) }
                let value = Double(bitPattern: bits)
                guard value.isFinite, value >= 1 / maxAspect, value <= maxAspect else { throw Malformed(what: "a page aspect of \(value)") }
                aspect = value
            }
            let cover = try source()
            var pages: [ImageSource?] = []
            for _ in 0..<(try count("pages", atMost: Library.maxPages)) { pages.append(try source()) }
            var spreads: Set<Int> = []
            for _ in 0..<(try count("spreads", atMost: pages.count)) {
                let index = Int(int32(try take(read, 4), at: 0))
                guard index >= 0, index < pages.count else { throw Malformed(what: "a spread at page \(index) of \(pages.count)") }
                spreads.insert(index)
            }
            var contents: [ContentsEntry] = []
            for _ in 0..<(try count("contents entries", atMost: BookContents.maxEntries)) {
                let head = try take(read, 5)
                let level = Int(head[head.startIndex]), number = Int(int32(head, at: 1))
                guard level < BookContents.maxDepth else { throw Malformed(what: "a contents entry \(level) levels deep") }
                guard (1...pages.count + 1).contains(number) else {
                    throw Malformed(what: "a contents entry on page \(number) of \(pages.count + 1)")
                }
                let top = try DecoderWire.readTop(read)
                contents.append(ContentsEntry(title: try text(BookContents.maxTitleBytes), level: level, number: number, top: top))
            }
            var labels: [String] = []
            for _ in 0..<(try count("page labels", atMost: min(PageLabels.maxPages, pages.count + 1))) {
                labels.append(try text(PageLabels.maxBytes))
            }
            var book = Book(title: title, cover: cover, pages: pages, pageAspect: aspect, spreads: spreads,
                            shifted: shifted, rightToLeft: rightToLeft)
            book.byline = byline
            // Made one bounded line each again: the worker's word is not taken for it.
            book.contents = BookContents.checked(contents, pageCount: pages.count + 1)
            book.pageLabels = PageLabels.checked(labels, pageCount: pages.count + 1)
            return book
        }

        mutating func problems(atMost limit: Int) throws -> [LibraryProblem] {
            var problems: [LibraryProblem] = []
            for _ in 0..<(try count("problems", atMost: limit)) {
                let file = try text(maxPath)
                problems.append(LibraryProblem(file: file, message: try text(maxBookText)))
            }
            return problems
        }

        /// A path: not empty, no zero byte (it is opened in a worker later).
        mutating func path() throws -> String {
            let path = try text(maxPath)
            guard !path.isEmpty, !path.utf8.contains(0) else { throw Malformed(what: "a page of no path") }
            return path
        }

        mutating func source() throws -> ImageSource? {
            let kind = try take(read, 1).first ?? 0
            switch kind {
            case 0: return nil
            case 1: return .file(try path())
            case 2:
                let archive = try path()
                let entry = try path()
                return .archiveEntry(archive: archive, entry: entry)
            case 3:
                let document = try path()
                let page = Int(int32(try take(read, 4), at: 0))
                guard page >= 0, page < Library.maxPages else { throw Malformed(what: "a document's page \(page)") }
                return .documentPage(document: document, page: page)
            case 4:
                let format = try text(maxFormatName)
                guard !format.isEmpty, !format.utf8.contains(0) else { throw Malformed(what: "a page of no format") }
                let file = try path()
                let page = try path()
                return .formatPage(format: format, file: file, page: page)
            case 5:
                guard let cause = FolioError.Cause(rawValue: try text(maxText)) else {
                    throw Malformed(what: "a page unavailable for no known cause")
                }
                return .unavailable(cause: cause, name: try text(maxPath))
            default:
                throw Malformed(what: "a page of kind \(kind)")
            }
        }
    }
}
