import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary

/// A book listed by its format in a worker comes back whole, and a reply or request that
/// breaks a bound is refused before it is used: the worker is as untrusted as the file.
@Suite struct BookReplyTests {
    static func source(_ bytes: Data) -> DecoderWire.Source {
        var rest = bytes
        return { count in
            defer { rest = rest.dropFirst(count) }
            return rest.prefix(count)
        }
    }

    static let request = DecoderWire.Request(operation: .book, path: "/books/a.cbz", page: 1, format: "archive")

    static func reply(_ data: Data) throws -> DecoderWire.Reply {
        try DecoderWire.readReply(source(data), to: request)
    }

    @Test func bookAndPageRequestsNameTheFormat() throws {
        #expect(try DecoderWire.readRequest(Self.source(DecoderWire.encode(Self.request))) == Self.request)
        let page = DecoderWire.Request(operation: .page, path: "/books/s.pages", width: 36, height: 56, name: "/books/s.pages:2",
                                       format: "pages", reference: "2", radius: 3, side: .left)
        #expect(try DecoderWire.readRequest(Self.source(DecoderWire.encode(page))) == page)
        var orphan = page
        orphan.format = ""
        #expect(throws: DecoderWire.Malformed.self) { try DecoderWire.readRequest(Self.source(DecoderWire.encode(orphan))) }
        var unnamed = Self.request
        unnamed.format = ""
        #expect(throws: DecoderWire.Malformed.self) { try DecoderWire.readRequest(Self.source(DecoderWire.encode(unnamed))) }
        var marked = Self.request
        marked.page = 2
        #expect(throws: DecoderWire.Malformed.self) { try DecoderWire.readRequest(Self.source(DecoderWire.encode(marked))) }
    }

    @Test func aListedBookRoundTrips() throws {
        var book = Book(title: "Über", cover: .archiveEntry(archive: "/books/a.cbz", entry: "c.png"),
                        pages: [.archiveEntry(archive: "/books/a.cbz", entry: "1.png"), nil, .file("/books/x.png"),
                                .documentPage(document: "/books/a.cbz", page: 3), .formatPage(format: "pages", file: "/books/a.cbz", page: "7"),
                                .unavailable(cause: .missing, name: "gone.png")],
                        pageAspect: 0.7, spreads: [1, 4], shifted: true, rightToLeft: true)
        book.byline = "Hélène"
        let listed = ListedBook(book: book, problems: [LibraryProblem(file: "/books/a.cbz", message: "one entry skipped.")])
        #expect(try Self.reply(DecoderWire.encode(.book(listed))) == .book(listed))
        let none = ListedBook(book: nil, problems: [])
        #expect(try Self.reply(DecoderWire.encode(.book(none))) == .book(none))
    }

    /// A Books.plist's books come back whole; more books than a library may hold are refused
    /// before any is read.
    @Test func aListedLibraryRoundTrips() throws {
        let request = DecoderWire.Request(operation: .library, path: "/books/Books.plist")
        func reply(_ data: Data) throws -> DecoderWire.Reply { try DecoderWire.readReply(Self.source(data), to: request) }
        let books = [Book(title: "A", cover: .file("/books/a.png"), pages: [.unavailable(cause: .refused, name: "../x.png")]),
                     Book(title: "B", cover: nil, pages: [])]
        let problems = [LibraryProblem(file: "/books/Books.plist", message: "\"A\": ../x.png is outside the library folder; refused.")]
        let library = DecoderWire.Reply.library(books: books, problems: problems)
        #expect(try reply(DecoderWire.encode(library)) == library)
        var many = DecoderWire.encode(.library(books: [], problems: []))
        many.replaceSubrange(1..<5, with: [0xFF, 0xFF, 0, 0])
        #expect(throws: DecoderWire.Malformed.self) { try reply(many) }
        // A library is no answer to a book request.
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(DecoderWire.encode(library)) }
    }

    /// Offsets into an encoded book whose bytes are changed to what no worker may send.
    @Test func aBookOutOfBoundsIsRefused() throws {
        let book = Book(title: "T", cover: nil, pages: [.file("/b/p.png")], spreads: [0])
        let good = DecoderWire.encode(.book(ListedBook(book: book, problems: [])))
        // kind, found, title (2 + 1), byline, direction, pairing, aspect, cover: then the count.
        let pages = 1 + 1 + 3 + 1 + 1 + 1 + 1 + 1
        func with(_ bytes: [UInt8], at offset: Int) -> Data {
            var data = good
            data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return data
        }
        #expect(try Self.reply(good) == .book(ListedBook(book: book, problems: [])))
        // More pages than a book may have: refused before any is read.
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(with([0xFF, 0xFF, 0xFF, 0x7F], at: pages)) }
        // A page of no known kind.
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(with([9], at: pages + 4)) }
        // A spread past the pages.
        let spread = pages + 4 + 1 + 2 + "/b/p.png".utf8.count + 4
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(with([1, 0, 0, 0], at: spread)) }
        // A flag that is neither 0 nor 1, and an aspect that is not a number.
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(with([2], at: 1)) }
        var wide = book
        wide.pageAspect = .nan
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(DecoderWire.encode(.book(ListedBook(book: wide, problems: [])))) }
        #expect(throws: DecoderWire.Malformed.self) { try Self.reply(good.dropLast(1)) }
    }

    /// A worker may name only pages of the file it listed, or image files in its folder.
    @Test func aListingThatNamesPagesElsewhereIsRefused() {
        let path = "/books/story.pages"
        func book(_ page: ImageSource) -> Book { Book(title: "s", cover: .formatPage(format: "pages", file: path, page: "1"), pages: [page]) }
        #expect(DecoderSandbox.strayPage(of: book(.file("/books/p.png")), at: path) == nil)
        #expect(DecoderSandbox.strayPage(of: book(.unavailable(cause: .missing, name: "/etc/passwd")), at: path) == nil)
        #expect(DecoderSandbox.strayPage(of: book(.file("/etc/passwd")), at: path) == "/etc/passwd")
        #expect(DecoderSandbox.strayPage(of: book(.file("/books/../etc/passwd")), at: path) == "/books/../etc/passwd")
        #expect(DecoderSandbox.strayPage(of: book(.archiveEntry(archive: "/books/other.cbz", entry: "p.png")), at: path) == "/books/other.cbz")
        #expect(DecoderSandbox.strayPage(of: book(.documentPage(document: "/secret.pdf", page: 0)), at: path) == "/secret.pdf")
    }
}
