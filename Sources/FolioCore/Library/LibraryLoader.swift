import Foundation

/// Reads every form a library can take: a Books.plist, a folder holding one, a folder of
/// book folders and/or .cbz files, a single .cbz, or a single folder of images.
public enum LibraryLoader {
    /// File name extensions treated as images (SDL_image decodes them).
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "webp", "tga", "tif", "tiff", "qoi", "pcx"]
    /// Comic archives, read in place through libarchive.
    public static let archiveExtensions: Set<String> = ["cbz", "zip", "cbr", "rar", "cb7", "7z", "cbt", "tar"]
    /// A Books.plist larger than this is refused unread (bytes).
    public static let maxPlistSize = 16 << 20
    /// Most books a library holds, and most pages a book holds.
    public static let maxBooks = 10_000
    public static let maxPages = 100_000

    public struct Result: Sendable {
        public var library: Library
        public var problems: [LibraryProblem]
        /// The display page to open the only book at (0 is the cover): set when the path is
        /// one image, which opens its folder as a book at that image.
        public var startPage: Int? = nil
    }

    static func isImage(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    static func isArchive(_ name: String) -> Bool {
        archiveExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    public static func load(_ path: String) throws -> Result {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FolioError.badInput("\(path): no such file or folder.")
        }
        if !isDirectory.boolValue {
            if isImage(path) { return try imageInFolder(path) }
            if isArchive(path) || !isPlistName(path) && ArchiveReader.looksLikeArchive(path) {
                var problems: [LibraryProblem] = []
                let book = try archiveBook(path, problems: &problems, strict: true)
                return Result(library: Library(books: book.map { [$0] } ?? []), problems: problems)
            }
            return try plist(path)
        }
        let plistPath = (path as NSString).appendingPathComponent("Books.plist")
        if fm.fileExists(atPath: plistPath) { return try plist(plistPath) }
        return try folder(path)
    }

    // MARK: Books.plist

    /// An array of {title, cover, pages[]} with paths relative to the plist's folder.
    public static func plist(_ path: String) throws -> Result {
        let url = URL(fileURLWithPath: path)
        let data = try SafeFile.read(path, limit: maxPlistSize)
        // XML only: Foundation's binary and old-style plist readers trust what they read (a
        // crafted binary plist crashes them), and a Books.plist is written by hand or by
        // `make assets` as XML anyway.
        guard isXMLPlist(data) else {
            throw FolioError.badInput(data.starts(with: Array("bplist".utf8))
                ? "\(path): is a binary property list; Folio reads XML property lists (python3 -m plistlib can convert it)."
                : "\(path): is not an XML property list.")
        }
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: data, format: nil) } catch {
            throw FolioError.badInput("\(path): is not a property list.")
        }
        guard let entries = root as? [Any] else {
            throw FolioError.badInput("\(path): the top level is not an array of books.")
        }
        guard entries.count <= maxBooks else {
            throw FolioError.badInput("\(path): lists \(entries.count) books, more than the \(maxBooks) allowed.")
        }
        let folder = url.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path
        var problems: [LibraryProblem] = []
        func resolve(_ relative: String, in book: String) -> ImageSource {
            let full = URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: folder + "/"))
                .standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(folder + "/") else {
                problems.append(LibraryProblem(file: path, message: "\"\(book)\": \(relative) is outside the library folder; refused."))
                return .unavailable(reason: "refused", name: relative)
            }
            guard FileManager.default.fileExists(atPath: full) else {
                problems.append(LibraryProblem(file: full, message: "missing file (in \"\(book)\")."))
                return .unavailable(reason: "missing", name: full)
            }
            return .file(full)
        }
        var books: [Book] = []
        for (index, entry) in entries.enumerated() {
            guard let dict = entry as? [String: Any] else {
                problems.append(LibraryProblem(file: path, message: "entry \(index) is not a dictionary; skipped."))
                continue
            }
            guard let title = dict["title"] as? String else {
                problems.append(LibraryProblem(file: path, message: "entry \(index): the title is not a string; skipped."))
                continue
            }
            guard let pages = dict["pages"] as? [Any] else {
                problems.append(LibraryProblem(file: path, message: "entry \(index) (\"\(title)\"): pages is not a list; skipped."))
                continue
            }
            guard pages.count <= maxPages else {
                problems.append(LibraryProblem(file: path, message: "entry \(index) (\"\(title)\") lists \(pages.count) pages, more than the \(maxPages) allowed; skipped."))
                continue
            }
            var cover: ImageSource?
            if let name = dict["cover"] as? String {
                cover = resolve(name, in: title)
            } else if dict["cover"] != nil {
                problems.append(LibraryProblem(file: path, message: "entry \(index) (\"\(title)\"): the cover is not a string."))
            }
            var sources: [ImageSource?] = []
            for (p, page) in pages.enumerated() {
                if let name = page as? String {
                    sources.append(resolve(name, in: title))
                } else {
                    problems.append(LibraryProblem(file: path, message: "entry \(index) (\"\(title)\"): page \(p) is not a string; shown blank."))
                    sources.append(.unavailable(reason: "missing", name: "page \(p)"))
                }
            }
            books.append(Book(title: title, cover: cover, pages: sources))
        }
        return Result(library: Library(books: books), problems: problems)
    }

    // MARK: Folders

    /// A folder of book folders and .cbz files, or a single folder of images.
    static func folder(_ path: String) throws -> Result {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: path) } catch {
            throw FolioError.badInput("\(path): the folder cannot be read.")
        }
        let visible = names.filter { !$0.hasPrefix(".") }.sorted(by: naturalLess)
        var problems: [LibraryProblem] = []
        if visible.contains(where: isImage) && !visible.contains(where: isArchive) {
            // One book: the folder itself.
            let book = folderBook(path, problems: &problems)
            return Result(library: Library(books: book.map { [$0] } ?? []), problems: problems)
        }
        var books: [Book] = []
        let root = SafeFile.realPath(path) ?? path
        for name in visible {
            guard let (full, kind) = member(name, of: path, root: root, problems: &problems) else { continue }
            if kind == .directory {
                if let book = folderBook(full, problems: &problems) { books.append(book) }
            } else if isArchive(name) {
                if let book = try? archiveBook(full, problems: &problems, strict: false) { books.append(book) }
            }
        }
        return Result(library: Library(books: books), problems: problems)
    }

    /// A folder of images is a book: pages in natural order, the cover a file named cover.*
    /// or else the first image, the title the folder's name. Nil (and a problem) when empty.
    static func folderBook(_ path: String, problems: inout [LibraryProblem]) -> Book? {
        let title = (path as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            problems.append(LibraryProblem(file: path, message: "the folder cannot be read; skipped."))
            return nil
        }
        let root = SafeFile.realPath(path) ?? path
        let images = names.filter { !$0.hasPrefix(".") && isImage($0) }.sorted(by: naturalLess)
            .filter { member($0, of: path, root: root, problems: &problems)?.kind == .file }
        guard !images.isEmpty else {
            problems.append(LibraryProblem(file: path, message: "empty book: no images; skipped."))
            return nil
        }
        return book(title: title, images: images) { .file((path as NSString).appendingPathComponent($0)) }
    }

    /// One image: its folder is the book (as `folderBook` reads it), opened at that image.
    static func imageInFolder(_ path: String) throws -> Result {
        let parent = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        var problems: [LibraryProblem] = []
        guard let book = folderBook(parent, problems: &problems) else {
            throw FolioError.badInput("\(path): its folder holds no image Folio can show.")
        }
        let name = (path as NSString).lastPathComponent
        let pages = [book.cover] + book.pages.map { $0 }
        let start = pages.firstIndex { source in
            if case .file(let file)? = source { return (file as NSString).lastPathComponent == name }
            return false
        }
        guard let start else {
            throw FolioError.badInput("\(path): is not a regular image file inside its folder; refused.")
        }
        return Result(library: Library(books: [book]), problems: problems, startPage: start)
    }

    enum MemberKind { case file, directory }

    /// A folder's entry by its resolved path, when it is a regular file or a folder inside
    /// `root`; links that leave the library, FIFOs, devices and sockets are reported and
    /// skipped, never opened.
    static func member(_ name: String, of folder: String, root: String, problems: inout [LibraryProblem]) -> (path: String, kind: MemberKind)? {
        let full = (folder as NSString).appendingPathComponent(name)
        guard let real = SafeFile.realPath(full) else {
            problems.append(LibraryProblem(file: full, message: "is a broken link or cannot be read; skipped."))
            return nil
        }
        guard SafeFile.isInside(real, folder: root) else {
            problems.append(LibraryProblem(file: full, message: "leads outside the library folder (to \(real)); refused."))
            return nil
        }
        var info = stat()
        guard stat(real, &info) == 0 else { return nil }
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

    static func book(title: String, images: [String], source: (String) -> ImageSource) -> Book {
        let coverIndex = images.firstIndex { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() == "cover" } ?? 0
        var pages = images
        let cover = pages.remove(at: coverIndex)
        return Book(title: title, cover: source(cover), pages: pages.map(source))
    }

    /// A comic archive (ZIP, RAR, 7z, tar of images), read in place: non-image entries are
    /// skipped, encrypted ones reported.
    static func archiveBook(_ path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let entries: [ArchiveReader.Entry]
        do {
            entries = try ArchiveReader.list(path)
        } catch let error as FolioError {
            if strict { throw error }
            problems.append(LibraryProblem(file: path, message: String(error.message.dropFirst(path.count + 2).dropLast()) + "; skipped."))
            return nil
        }
        var images: [String] = []
        var skipped = 0, encrypted = 0
        for entry in entries {
            let name = (entry.path as NSString).lastPathComponent
            if entry.path.contains("__MACOSX/") || name.hasPrefix(".") { continue }
            guard isImage(name) else { skipped += 1; continue }
            if entry.encrypted { encrypted += 1; continue }
            images.append(entry.path)
        }
        if skipped > 0 {
            problems.append(LibraryProblem(file: path, message: "\(Console.count(skipped, "entry", "entries")) that \(skipped == 1 ? "is" : "are") not an image skipped."))
        }
        if encrypted > 0 {
            problems.append(LibraryProblem(file: path, message: "\(Console.count(encrypted, "image")) \(encrypted == 1 ? "is" : "are") encrypted; Folio reads no encrypted entries."))
        }
        guard !images.isEmpty else {
            let why = encrypted > 0 ? "its images are encrypted" : "it holds no images"
            if strict { throw FolioError.badInput("\(path): \(why).") }
            problems.append(LibraryProblem(file: path, message: "empty book: \(why); skipped."))
            return nil
        }
        return book(title: title, images: images.sorted(by: naturalLess)) { .archiveEntry(archive: path, entry: $0) }
    }
}
