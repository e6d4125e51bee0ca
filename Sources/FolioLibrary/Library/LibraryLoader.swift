import FolioCore
import FolioThreads
import Foundation

/// Reads every form a library can take: a Books.plist, a folder holding one, a folder of
/// book folders, comic archives and PDFs, a single archive or PDF, a single folder of
/// images, or a single image.
public enum LibraryLoader {
    /// File name extensions treated as images: what libvips reads here (JPEG and MPO, PNG and
    /// APNG, WebP, GIF, TIFF, HEIF/AVIF, JPEG XL, JPEG 2000, PPM/PGM/PBM/PNM, SVG) and what
    /// Folio's own readers, gdk-pixbuf or SDL_image decode after Folio's own header check (BMP
    /// and DIB, Sun raster, TGA, QOI, PCX, ICO/CUR, ICNS, XPM, XBM).
    /// TGA has no magic bytes, so a folder's images are recognised by extension, never by
    /// content.
    public static let imageExtensions: Set<String> = [
        "png", "apng", "jpg", "jpeg", "jpe", "jfif", "mpo", "gif", "webp", "tif", "tiff", "heic", "heif", "avif",
        "jxl", "jp2", "j2k", "j2c", "jpf", "jpx", "ppm", "pgm", "pbm", "pnm", "svg", "bmp", "tga", "icb", "vda",
        "vst", "qoi", "pcx", "ico", "cur", "xpm", "xbm", "dib", "icns", "ras", "sun",
    ]
    /// Comic archives, read in place through libarchive.
    public static let archiveExtensions: Set<String> = ["cbz", "zip", "cbr", "rar", "cb7", "7z", "cbt", "tar"]
    /// Documents (PDF, DjVu): every page a page of the book, read through a `DocumentInspector`.
    public static var documentExtensions: Set<String> { DocumentKind.all.reduce([]) { $0.union($1.extensions) } }
    /// A Books.plist larger than this is refused unread (bytes).
    public static let maxPlistSize = 16 << 20
    /// Most books a library holds, and most pages a book holds.
    public static let maxBooks = Library.maxBooks
    public static let maxPages = Library.maxPages
    /// Longest title kept from a document's metadata (characters).
    public static let maxTitleLength = 200

    /// What Folio looks for in a folder, for the sentence that says it found none of it.
    public static let lookedFor = "a Books.plist, folders of images, comic archives (.cbz, .cbr, .cb7, .cbt), PDFs, "
        + "DjVu books (.djvu) or images (.jpg, .png, .webp, …)"

    public typealias Result = LoadedLibrary

    static func pathExtension(_ name: String) -> String {
        (name as NSString).pathExtension.lowercased()
    }

    static func isImage(_ name: String) -> Bool { imageExtensions.contains(pathExtension(name)) }

    /// Files real comics and scan folders carry beside their pages (ComicInfo.xml, Thumbs.db,
    /// desktop.ini, release notes and checksums): never pages, and passed over in silence
    /// (an archive's ComicInfo.xml is read apart, LibraryLoader+ComicInfo).
    static func isCompanion(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["comicinfo.xml", "thumbs.db", "desktop.ini"].contains(lower)
            || ["nfo", "sfv", "txt", "md5", "url"].contains(pathExtension(lower))
    }

    /// True when `path` names one image file (opened as a book of one page).
    public static func isSingleImage(_ path: String) -> Bool {
        return isImage(path) && FileName.exists(path) && !FileName.isFolder(path)
    }

    /// Loads the library at `path` with Folio's own formats, reading archives' listings in
    /// this process (the app hands its decoder instead: `load(_:decoder:)`). `documents` reads
    /// PDFs' headers (see `DocumentInspector`); without it PDFs are reported and skipped.
    public static func load(_ path: String, documents: (any DocumentInspector)? = nil) throws -> Result {
        try load(path, formats: .standard(documents: documents, files: BookFilesHere()))
    }

    /// Loads the library at `path`: a file one of `formats` claims is a book of that format,
    /// as is each such file in a folder of books. `progress` is told of each book as it is read.
    public static func load(_ path: String, formats: BookFormats, progress: LibraryLoadProgress? = nil) throws -> Result {
        var result = try loadUnstamped(path, formats: formats, progress: progress)
        stampAdded(&result.library, root: FileName.isFolder(path) ? SafeFile.realPath(path) ?? path : nil)
        return result
    }

    private static func loadUnstamped(_ path: String, formats: BookFormats, progress: LibraryLoadProgress?) throws -> Result {
        guard FileName.exists(path) else {
            throw FolioError.badInput("\(path): no such file or folder.")
        }
        if !FileName.isFolder(path) {
            // One file: one name, read at once.
            progress?.begin(names: [(path as NSString).lastPathComponent])
            progress?.started(0)
            defer { progress?.finished(0) }
            // A file named .plist is claimed by its name only: its bytes say nothing.
            if let format = formats.claiming(file: path, byNameOnly: isPlistName(path)) {
                // Kept by its real path, as a folder's members are: a book's file is later
                // opened without following a link (`SafeFile.openBookFile`).
                let listed = try formats.files.book(format, at: SafeFile.realPath(path) ?? path, strict: true)
                let book = listed.book
                return Result(library: Library(books: book.map { [$0] } ?? []), problems: listed.problems, isOneBook: book != nil)
            }
            return try formats.files.library(plist: path)
        }
        let plistPath = (path as NSString).appendingPathComponent("Books.plist")
        if FileName.exists(plistPath) {
            progress?.begin(names: ["Books.plist"])
            progress?.started(0)
            defer { progress?.finished(0) }
            return try formats.files.library(plist: plistPath)
        }
        return try folder(path, formats: formats, progress: progress)
    }

    /// One image is a book of one page: the image its cover, the file name its title
    /// (`ImageFormat`).
    static func singleImage(_ path: String) throws -> Book {
        _ = try BookFilesHere().head(of: path, count: 0)  // a regular file, readable: said now, not at the first frame
        let real = SafeFile.realPath(path) ?? path
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return Book(title: title, cover: .file(real), pages: [])
    }

    // MARK: Folders

    /// Members of a folder looked at past `maxBooks`, for the ones that are not books.
    static let maxUnreadMembers = 1_000

    /// Why the book at `path` was skipped, from the error that stopped it: its sentence
    /// without the path it begins with (the problem names the file), ending "; skipped.".
    static func skippedBecause(_ error: any Error, path: String) -> String {
        var message = (error as? FolioError)?.message ?? "cannot be read"
        if message.hasPrefix(path + ": ") { message.removeFirst(path.count + 2) }
        while message.hasSuffix(".") { message.removeLast() }
        return message + "; skipped."
    }

    /// A folder of book folders and files `formats` claim by name, or a single folder of images.
    static func folder(_ path: String, formats: BookFormats, progress: LibraryLoadProgress? = nil) throws -> Result {
        guard let names = FileName.names(inFolder: path) else {
            throw FolioError.badInput("\(path): the folder cannot be read (\(String(cString: strerror(errno)).lowercased())).")
        }
        let visible = names.filter { !$0.hasPrefix(".") }.sorted(by: naturalLess)
        var problems: [LibraryProblem] = []
        if visible.contains(where: isImage) && !visible.contains(where: { formats.claiming(name: $0) != nil }) {
            // One book: the folder itself.
            guard let format = formats.folders else {
                problems.append(LibraryProblem(file: path, message: "nothing here Folio can read; it looks for \(lookedFor)."))
                return Result(library: Library(books: []), problems: problems)
            }
            progress?.begin(names: [(path as NSString).lastPathComponent])
            progress?.started(0)
            defer { progress?.finished(0) }
            let listed = try formats.files.book(format, at: path, strict: true)
            return Result(library: Library(books: listed.book.map { [$0] } ?? []), problems: listed.problems, isOneBook: listed.book != nil)
        }
        let root = SafeFile.realPath(path) ?? path
        // The members first, in order (each path checked); then each read into a book on
        // every core (ten thousand archives are listed in about a quarter of a second), the
        // books and their problems kept in the folder's order.
        var members: [(name: String, full: String, kind: MemberKind)] = []
        for name in visible where members.count <= maxBooks + maxUnreadMembers {
            guard let (full, kind) = member(name, of: path, root: root, problems: &problems) else { continue }
            members.append((name, full, kind))
        }
        progress?.begin(names: members.map(\.name))
        // Books read in all, series folders' included: past `maxBooks` nothing more is read
        // (ten thousand series folders of two thousand books each would otherwise be read).
        let budget = Monitor(maxBooks)
        let read = members.indices.map { ($0, members[$0]) }.concurrentMap { index, member -> (books: [Book], problems: [LibraryProblem]) in
            progress?.started(index)
            defer { progress?.finished(index) }
            // A folder of books (no pictures of its own) is a series: its books, one level in.
            if member.kind == .directory, let series = seriesFolder(member.full, name: member.name, formats: formats, budget: budget) {
                return series
            }
            let format = member.kind == .directory ? formats.folders : member.kind == .file ? formats.claiming(name: member.name) : nil
            guard let format, take(from: budget) else { return ([], []) }
            return readBook(member.full, format: format, formats: formats)
        }
        // Pictures beside the books are no books (a folder of them is one): said, not
        // passed over in silence.
        let loose = members.filter { $0.kind == .file && isImage($0.name) && formats.claiming(name: $0.name) == nil }.map(\.name)
        if !loose.isEmpty {
            let named = loose.prefix(3).joined(separator: ", ") + (loose.count > 3 ? ", …" : "")
            problems.append(LibraryProblem(file: path, message: "\(Sentence.count(loose.count, "picture")) beside the books skipped (\(named)): a book of pictures is a folder of its own."))
        }
        var books: [Book] = []
        reading: for item in read {
            problems += item.problems
            for book in item.books {
                guard books.count < maxBooks else {
                    problems.append(LibraryProblem(file: path, message: "holds more than \(maxBooks) books; the rest are skipped."))
                    break reading
                }
                books.append(book)
            }
        }
        let saidAlready = problems.contains { $0.file == path && $0.message.hasPrefix("holds more than") }
        if budget.withLock({ $0 }) <= 0, books.count >= maxBooks, !saidAlready {
            problems.append(LibraryProblem(file: path, message: "holds more than \(maxBooks) books; the rest are skipped."))
        }
        if books.isEmpty {
            problems.append(LibraryProblem(file: path, message: "nothing here Folio can read; it looks for \(lookedFor)."))
        }
        return Result(library: Library(books: books), problems: problems)
    }

    /// A folder of images is a book: pages in natural order, the cover a file named cover.*
    /// or else the first image, the title the folder's name. Nil (and a problem) when empty.
    static func folderBook(_ path: String, problems: inout [LibraryProblem]) -> Book? {
        let title = (path as NSString).lastPathComponent
        guard let names = FileName.names(inFolder: path) else {
            problems.append(LibraryProblem(file: path, message: "the folder cannot be read; skipped."))
            return nil
        }
        let root = SafeFile.realPath(path) ?? path
        let visible = names.filter { !$0.hasPrefix(".") }
        let images = visible.filter { isImage($0) }.sorted(by: naturalLess)
            .filter { member($0, of: path, root: root, problems: &problems)?.kind == .file }
        let others = visible.filter { name in
            let full = (path as NSString).appendingPathComponent(name)
            return !isImage(name) && !isCompanion(name) && FileName.exists(full) && !FileName.isFolder(full)
        }.sorted(by: naturalLess)
        if !others.isEmpty {
            let named = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            let are = others.count == 1 ? "is" : "are"
            problems.append(LibraryProblem(
                file: path,
                message: "\(Sentence.count(others.count, "file")) that \(are) not a picture Folio reads skipped (\(named))."))
        }
        guard !images.isEmpty else {
            problems.append(LibraryProblem(file: path, message: "empty book: no images; skipped."))
            return nil
        }
        return book(title: title, images: images) { .file((path as NSString).appendingPathComponent($0)) }
    }

    enum MemberKind { case file, directory }

    /// A folder's entry by its resolved path, when it is a regular file or a folder inside
    /// `root`; links that leave the library, FIFOs, devices and sockets are reported and
    /// skipped, never opened.
    static func member(_ name: String, of folder: String, root: String, problems: inout [LibraryProblem])
        -> (path: String, kind: MemberKind)? {
        let full = (folder as NSString).appendingPathComponent(name)
        // An entry that is not a link, in the folder whose real path is `root`, is
        // `root/name` (one lstat, no walk of the path: ten thousand members stay cheap); a
        // link is resolved and must stay inside the library folder.
        var info = stat()
        let direct = (root as NSString).appendingPathComponent(name)
        let real: String
        if !name.contains("/"), name != ".", name != "..", FileName.withCString(direct, { lstat($0, &info) }) == 0,
           info.st_mode & S_IFMT != S_IFLNK {
            real = direct
        } else {
            guard let resolved = SafeFile.realPath(full) else {
                problems.append(LibraryProblem(file: full, message: "is a broken link or cannot be read; skipped."))
                return nil
            }
            guard SafeFile.isInside(resolved, folder: root) else {
                problems.append(LibraryProblem(file: full, message: "leads outside the library folder (to \(resolved)); refused."))
                return nil
            }
            guard let found = FileName.status(resolved) else { return nil }
            info = found
            real = resolved
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (real, .file)
        case S_IFDIR: return (real, .directory)
        default:
            problems.append(LibraryProblem(file: full, message: "is \(SafeFile.kind(info.st_mode)), not a file; skipped."))
            return nil
        }
    }

    /// True when `data` starts (after a byte-order mark and white space) like an XML plist.
    static func isXMLPlist(_ data: Data) -> Bool {
        var bytes = data.prefix(512)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }, as: UTF8.self)
        return text.hasPrefix("<?xml") || text.hasPrefix("<!DOCTYPE plist") || text.hasPrefix("<plist")
    }

    static func isPlistName(_ path: String) -> Bool {
        (path as NSString).pathExtension.lowercased() == "plist"
    }

    /// The image that is a book's cover: a file named cover.*, else the first.
    static func coverIndex(_ images: [String]) -> Int {
        images.firstIndex { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() == "cover" } ?? 0
    }

    /// A book of `images` in reading order: the cover (`cover`, else `coverIndex`) taken out,
    /// the rest its pages.
    static func book(title: String, images: [String], cover coverIndex: Int? = nil, source: (String) -> ImageSource) -> Book {
        let coverIndex = coverIndex ?? Self.coverIndex(images)
        var pages = images
        let cover = pages.remove(at: coverIndex)
        return Book(title: title, cover: source(cover), pages: pages.map(source))
    }

    /// A comic archive (ZIP, RAR, 7z, tar of images), read in place: non-image entries are
    /// skipped, encrypted ones reported; its ComicInfo.xml, when it has one, gives the title,
    /// direction, spreads and cover (LibraryLoader+ComicInfo).
    static func archiveBook(_ path: String, files: any BookFileReader, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let entries: [ArchiveReader.Entry]
        let comicInfo: ArchiveReader.Companion?
        do {
            let listing = try files.listing(ofArchive: path)
            (entries, comicInfo) = (listing.entries, listing.comicInfo)
        } catch let error as FolioError {
            if strict { throw error }
            problems.append(LibraryProblem(file: path, message: skippedBecause(error, path: path)))
            return nil
        }
        var images: [String] = []
        var skipped = 0, encrypted = 0
        for entry in entries {
            let name = (entry.path as NSString).lastPathComponent
            if entry.path.contains("__MACOSX/") || name.hasPrefix(".") || isCompanion(name) { continue }
            guard isImage(name) else { skipped += 1; continue }
            if entry.encrypted { encrypted += 1; continue }
            images.append(entry.path)
        }
        if skipped > 0 {
            problems.append(LibraryProblem(
                file: path,
                message: "\(Sentence.count(skipped, "entry", "entries")) that \(skipped == 1 ? "is" : "are") not an image skipped."))
        }
        if encrypted > 0 {
            problems.append(LibraryProblem(file: path, message: "\(Sentence.count(encrypted, "image")) \(encrypted == 1 ? "is" : "are") encrypted; Folio reads no encrypted entries."))
        }
        guard !images.isEmpty else {
            let why = encrypted > 0 ? "its images are encrypted" : "it holds no images"
            if strict { throw FolioError.badInput("\(path): \(why).") }
            problems.append(LibraryProblem(file: path, message: "empty book: \(why); skipped."))
            return nil
        }
        let sorted = images.sorted(by: naturalLess)
        let info = comicInfo.flatMap { read($0, of: path, imageCount: sorted.count, problems: &problems) }
        return withComicInfo(info, title: title, images: sorted) { .archiveEntry(archive: path, entry: $0) }
    }
}
