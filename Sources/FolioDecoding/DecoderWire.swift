import FolioCore
import FolioLibrary
import Foundation

/// The messages between Folio and its decoder worker (the child process that runs every
/// decoder of a user's files: libvips, poppler, SDL_image), as bytes on a pipe. Requests go
/// one way, replies the other; every length is bounded and checked before anything is read
/// or allocated, because a worker that a decoder has led astray is as untrusted as the file
/// it was reading. Pixels do not travel on the pipe: the worker writes them into the shared
/// memory file its parent gave it (`SharedPixels`) and says only their size.
///
/// Numbers are little-endian. A request: op (1 inspect, 2 render, 3 page, 4 measure, 5 head,
/// 6 list, 7 book, 8 library), page (a book's: 1 when the file is opened alone), width (a head's byte
/// count), height (Int32 each), then the path (UInt16 length, bytes); a page or measure
/// request goes on with the image's name, the format whose page it is and that format's
/// reference to it (an archive's entry, a page list's line; UInt16 length, bytes each; both
/// empty when the path is the image), the page's corner radius (Float64 bits), its side (1
/// right, 2 left) and the encoded image (UInt32 length, bytes; none when the worker is to
/// open the path, or the format's page in it, itself); a book request with the format's name
/// (UInt16 length, bytes). A reply: kind (1 document, 2 pixels, 3 failure, 4 size, 5 head,
/// 6 listing, 7 book, 8 library) and then
/// - document: page count, first page's width and height in points (Int32 each, 0 when
///   unknown), title, author (UInt16 length, bytes each);
/// - pixels: width, height (Int32 each): a render's within the request's box, a page's the
///   box and its margin exactly; then 1 when the image ended early (0 otherwise);
///   width×height×4 bytes wait in the shared memory;
/// - failure: cause (its name), message, detail (UInt16 length, bytes each);
/// - size: width, height (Int32 each, positive);
/// - head: the file's first bytes (UInt16 length, at most the request's count, bytes);
/// - listing: the number of entries (UInt32), each an encrypted flag (0 or 1) and its path
///   (UInt16 length, bytes), in stored order; then the ComicInfo.xml read with them: 0 none,
///   1 its path and bytes (UInt32 length), 2 its path, the failure's cause and message;
/// - book: the book the format listed and its problems; library: a Books.plist's books and
///   its problems (`DecoderWire+Book`).
public enum DecoderWire {
    /// The first argument a worker is started with (`folio --decoder-worker`).
    public static let workerFlag = "--decoder-worker"
    public static let maxPath = 4096
    public static let maxText = 1024
    /// The largest page a worker may be asked for, per side (pixels).
    public static let maxSide: Int32 = 16_384
    /// The largest encoded image sent to a worker (an archive entry's bytes).
    public static let maxBytes = ImageReader.maxFileSize
    /// Pixels of margin a page surface has on each side, around the request's box.
    public static let pageMargin: Int32 = 2
    /// Most bytes of a file's head a request may ask for.
    public static let maxHead: Int32 = 64
    /// Most bytes of entry paths one listing may carry (and of texts one book may).
    public static let maxListing = 32 << 20
    /// Longest name of a format.
    public static let maxFormatName = 64

    public enum Operation: UInt8, Sendable {
        /// A document's header (its format is the worker's to tell by its first bytes).
        case inspect = 1
        /// A document's page, fitted inside a box.
        case render = 2
        /// An image made into a page surface.
        case page = 3
        /// An image's size, from its header.
        case measure = 4
        /// A file's first bytes (a regular file only).
        case head = 5
        /// An archive's entries and its ComicInfo.xml.
        case list = 6
        /// A book file's book, as the format named lists it (`BookFormat.book`).
        case book = 7
        /// A Books.plist's books.
        case library = 8
        /// A document page's links.
        case links = 9
        /// A stretch of a document's pages searched for a text (carried as the name).
        case find = 10
        /// A document's page, fitted inside a box, drawn by poppler's Splash (as pdftoppm
        /// draws) rather than cairo: for a document cairo took too long on.
        case renderBySplash = 11

        /// Whether the request asks for a document's page drawn.
        var draws: Bool { self == .render || self == .renderBySplash }

        /// Whether the request names an image (and carries its name, shape and maybe bytes).
        var isImage: Bool { self == .page || self == .measure }

        /// Who answers it, in a sentence about its failure (a document's reader is named by
        /// its format where the caller knows it, `DecoderSandbox.documentReader`).
        var worker: String {
            switch self {
            case .inspect, .render, .renderBySplash: return "the PDF reader"
            case .page, .measure: return "the image decoder"
            case .head: return "the file reader"
            case .list: return "the archive reader"
            case .book: return "the book reader"
            case .library: return "the library reader"
            case .links, .find: return "the PDF reader"
            }
        }
    }

    public struct Request: Equatable, Sendable {
        public var operation: Operation
        public var path: String
        public var page: Int32 = 0
        public var width: Int32 = 0
        public var height: Int32 = 0
        /// An image's name, for messages (an archive entry's "archive › entry").
        public var name = ""
        /// The format whose page the image is, by name (a book request's format); empty when
        /// `path` is the image or `bytes` are.
        public var format = ""
        /// That format's reference to the page in the file at `path` (an archive's entry),
        /// made into an image by the format in the worker (`PageFormat`).
        public var reference = ""
        public var radius = 0.0
        public var side = PageSide.right
        /// The encoded image; empty when the worker opens `path` itself.
        public var bytes = Data()

        public init(operation: Operation, path: String, page: Int32 = 0, width: Int32 = 0, height: Int32 = 0,
                    name: String = "", format: String = "", reference: String = "", radius: Double = 0,
                    side: PageSide = .right, bytes: Data = Data()) {
            self.operation = operation
            self.path = path
            self.page = page
            self.width = width
            self.height = height
            self.name = name
            self.format = format
            self.reference = reference
            self.radius = radius
            self.side = side
            self.bytes = bytes
        }

        /// Bytes of pixels a reply of `width`×`height` leaves in the shared memory.
        static func pixelBytes(width: Int32, height: Int32) -> Int { Int(width) * Int(height) * 4 }

        /// The largest pixel reply this request allows (bytes).
        var pixelCapacity: Int {
            switch operation {
            case .render, .renderBySplash: return Self.pixelBytes(width: width, height: height)
            case .page: return Self.pixelBytes(width: width + 2 * pageMargin, height: height + 2 * pageMargin)
            case .inspect, .measure, .head, .list, .book, .library, .links, .find: return 0
            }
        }
    }

    /// A reply's head: pixels wait in the shared memory.
    public enum Reply: Equatable, Sendable {
        case document(pageCount: Int32, width: Int32, height: Int32, title: String, author: String = "")
        /// `cutShort`: the image ended early, and these are its pixels as far as it goes.
        case pixels(width: Int32, height: Int32, cutShort: Bool = false)
        case failure(cause: FolioError.Cause, message: String, detail: String)
        case size(width: Int32, height: Int32)
        case head(Data)
        case listing(ArchiveListing)
        case book(ListedBook)
        case library(books: [Book], problems: [LibraryProblem])
        case links([PageLink])
        case hits(TextSearchStretch)
    }

    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let what: String
        public var description: String { what }
    }

    // MARK: Writing

    public static func encode(_ request: Request) -> Data {
        var data = Data([request.operation.rawValue])
        for value in [request.page, request.width, request.height] { append(value, to: &data) }
        appendText(request.path, limit: maxPath, to: &data)
        if request.operation == .book { appendText(request.format, limit: maxFormatName, to: &data) }
        if request.operation == .find { appendText(request.name, limit: maxQuery, to: &data) }
        if request.operation.isImage {
            appendText(request.name, limit: maxPath, to: &data)
            appendText(request.format, limit: maxFormatName, to: &data)
            appendText(request.reference, limit: maxPath, to: &data)
            withUnsafeBytes(of: request.radius.bitPattern.littleEndian) { data.append(contentsOf: $0) }
            data.append(request.side == .left ? 2 : request.side == .alone ? 3 : 1)
            let bytes = request.bytes.prefix(maxBytes)
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { data.append(contentsOf: $0) }
            data.append(bytes)
        }
        return data
    }

    public static func encode(_ reply: Reply) -> Data {
        var data = Data()
        switch reply {
        case .document(let pageCount, let width, let height, let title, let author):
            data.append(1)
            for value in [pageCount, width, height] { append(value, to: &data) }
            for text in [title, author] { appendText(text, limit: maxText, to: &data) }
        case .pixels(let width, let height, let cutShort):
            data.append(2)
            append(width, to: &data)
            append(height, to: &data)
            data.append(cutShort ? 1 : 0)
        case .failure(let cause, let message, let detail):
            data.append(3)
            for text in [cause.rawValue, message, detail] { appendText(text, limit: maxText, to: &data) }
        case .size(let width, let height):
            data.append(4)
            append(width, to: &data)
            append(height, to: &data)
        case .head(let bytes):
            data.append(5)
            appendBytes(bytes.prefix(Int(maxHead)), to: &data)
        case .listing(let listing):
            data.append(6)
            appendListing(listing, to: &data)
        case .book(let listed):
            data.append(7)
            appendBook(listed, to: &data)
        case .library(let books, let problems):
            data.append(8)
            appendLibrary(books, problems: problems, to: &data)
        case .links(let links):
            data.append(9)
            appendLinks(links, to: &data)
        case .hits(let stretch):
            data.append(10)
            appendHits(stretch, to: &data)
        }
        return data
    }

    /// Bytes with a UInt16 length before them.
    static func appendBytes(_ bytes: Data, to data: inout Data) {
        withUnsafeBytes(of: UInt16(bytes.count).littleEndian) { data.append(contentsOf: $0) }
        data.append(bytes)
    }

    static func append(_ value: Int32, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    /// UTF-8 cut to `limit` bytes on a character boundary.
    static func appendText(_ text: String, limit: Int, to data: inout Data) {
        var bytes = Array(text.utf8)
        if bytes.count > limit {
            var cut = limit
            while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes = Array(bytes[..<cut])
        }
        appendBytes(Data(bytes), to: &data)
    }

    // MARK: Reading

    /// Reads exactly `count` bytes, or throws (end of data, timeout).
    public typealias Source = (_ count: Int) throws -> Data

    public static func readRequest(_ read: Source) throws -> Request {
        let head = try take(read, 13)
        guard let operation = Operation(rawValue: head[head.startIndex]) else { throw Malformed(what: "an unknown request") }
        let page = int32(head, at: 1), width = int32(head, at: 5), height = int32(head, at: 9)
        if operation.draws || operation == .page {
            guard page >= 0, (1...maxSide).contains(width), (1...maxSide).contains(height) else {
                throw Malformed(what: "a \(operation) request for page \(page) at \(width)×\(height)")
            }
        }
        if operation == .head {
            guard (0...maxHead).contains(width) else { throw Malformed(what: "a head of \(width) bytes") }
        }
        if operation == .book {
            guard page == 0 || page == 1 else { throw Malformed(what: "a book request marked \(page)") }
        }
        if operation == .links || operation == .find {
            guard page >= 0, operation == .links || width >= 1 else { throw Malformed(what: "a \(operation) request for page \(page)") }
        }
        let path = try readText(read, limit: maxPath)
        guard !path.isEmpty, !path.utf8.contains(0) else { throw Malformed(what: "a request without a path") }
        var request = Request(operation: operation, path: path, page: page, width: width, height: height)
        if operation == .find {
            request.name = try readText(read, limit: maxQuery)
            guard !request.name.isEmpty, !request.name.utf8.contains(0) else { throw Malformed(what: "a search for nothing") }
            return request
        }
        if operation == .book {
            request.format = try readText(read, limit: maxFormatName)
            guard !request.format.isEmpty, !request.format.utf8.contains(0) else { throw Malformed(what: "a book of no format") }
            return request
        }
        guard operation.isImage else { return request }
        request.name = try readText(read, limit: maxPath)
        request.format = try readText(read, limit: maxFormatName)
        request.reference = try readText(read, limit: maxPath)
        guard !request.format.utf8.contains(0), !request.reference.utf8.contains(0) else {
            throw Malformed(what: "a page reference with a zero byte")
        }
        guard request.format.isEmpty == request.reference.isEmpty else { throw Malformed(what: "a page reference without its format") }
        let shape = try take(read, 9)
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(shape[shape.startIndex + i]) << (8 * UInt64(i)) }
        request.radius = Double(bitPattern: bits)
        guard request.radius.isFinite, (0...Double(maxSide)).contains(request.radius) else {
            throw Malformed(what: "a page with a corner radius of \(request.radius)")
        }
        switch shape[shape.startIndex + 8] {
        case 1: request.side = .right
        case 2: request.side = .left
        case 3: request.side = .alone
        case let other: throw Malformed(what: "a page on side \(other)")
        }
        let length = Int(UInt32(bitPattern: int32(try take(read, 4), at: 0)))
        guard length <= maxBytes else { throw Malformed(what: "an image of \(length) bytes (at most \(maxBytes))") }
        request.bytes = length > 0 ? try take(read, length) : Data()
        return request
    }

    /// A reply to `request`; pixels must fit the box the request asked for.
    public static func readReply(_ read: Source, to request: Request) throws -> Reply {
        let kind = try take(read, 1).first ?? 0
        switch kind {
        case 1 where request.operation == .inspect:
            let head = try take(read, 12)
            let pageCount = int32(head, at: 0), width = int32(head, at: 4), height = int32(head, at: 8)
            guard pageCount >= 0 else { throw Malformed(what: "a document of \(pageCount) pages") }
            guard width >= 0, height >= 0 else { throw Malformed(what: "a first page of \(width)×\(height) points") }
            let title = try readText(read, limit: maxText)
            return .document(pageCount: pageCount, width: width, height: height, title: title, author: try readText(read, limit: maxText))
        case 2 where request.operation.draws || request.operation == .page:
            let size = try take(read, 9)
            let width = int32(size, at: 0), height = int32(size, at: 4)
            let cutShort: Bool
            switch size[size.startIndex + 8] {
            case 0: cutShort = false
            case 1: cutShort = true
            case let other: throw Malformed(what: "pixels flagged \(other)")
            }
            if request.operation.draws {
                guard (1...request.width).contains(width), (1...request.height).contains(height) else {
                    throw Malformed(what: "a \(width)×\(height) page for a \(request.width)×\(request.height) box")
                }
            } else {
                guard width == request.width + 2 * pageMargin, height == request.height + 2 * pageMargin else {
                    throw Malformed(what: "a \(width)×\(height) page for a \(request.width)×\(request.height) page")
                }
            }
            return .pixels(width: width, height: height, cutShort: cutShort)
        case 3:
            let named = try readText(read, limit: maxText)
            // The cause's name is the one string parsed here: a worker's reply is untrusted.
            guard let cause = FolioError.Cause(rawValue: named) else { throw Malformed(what: "a failure of no known cause") }
            return .failure(cause: cause, message: try readText(read, limit: maxText), detail: try readText(read, limit: maxText))
        case 4 where request.operation == .measure:
            let size = try take(read, 8)
            let width = int32(size, at: 0), height = int32(size, at: 4)
            guard width > 0, height > 0 else { throw Malformed(what: "an image of \(width)×\(height)") }
            return .size(width: width, height: height)
        case 5 where request.operation == .head:
            let head = try take(read, 2)
            let count = Int(head[head.startIndex]) | Int(head[head.startIndex + 1]) << 8
            guard count <= Int(request.width) else { throw Malformed(what: "a head of \(count) bytes for \(request.width) asked") }
            return .head(count > 0 ? try take(read, count) : Data())
        case 6 where request.operation == .list:
            return .listing(try readListing(read))
        case 7 where request.operation == .book:
            return .book(try readBook(read))
        case 8 where request.operation == .library:
            let (books, problems) = try readLibrary(read)
            return .library(books: books, problems: problems)
        case 9 where request.operation == .links:
            return .links(try readLinks(read))
        case 10 where request.operation == .find:
            return .hits(try readHits(read, asked: Int(request.width)))
        default:
            throw Malformed(what: "a reply of kind \(kind) to a \(request.operation) request")
        }
    }

    /// `count` bytes from `read`, indexed from 0, or a throw when it gave another number.
    static func take(_ read: Source, _ count: Int) throws -> Data {
        let data = Data(try read(count))
        guard data.count == count else { throw Malformed(what: "\(data.count) bytes where \(count) were due") }
        return data
    }

    static func int32(_ data: Data, at offset: Int) -> Int32 {
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(data[data.startIndex + offset + i]) << (8 * UInt32(i)) }
        return Int32(bitPattern: value)
    }

    static func readText(_ read: Source, limit: Int) throws -> String {
        let head = try take(read, 2)
        let count = Int(head[head.startIndex]) | Int(head[head.startIndex + 1]) << 8
        guard count <= limit else { throw Malformed(what: "a text of \(count) bytes (at most \(limit))") }
        guard count > 0 else { return "" }
        return String(decoding: try take(read, count), as: UTF8.self)
    }
}
