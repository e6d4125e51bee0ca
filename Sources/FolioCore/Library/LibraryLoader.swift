import Foundation
import ZIPFoundation

/// Something wrong with one file of a library; the library still loads around it.
public struct LibraryProblem: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}

/// Reads every form a library can take: a Books.plist, a folder holding one, a folder of
/// book folders and/or .cbz files, a single .cbz, or a single folder of images.
public enum LibraryLoader {
    /// File name extensions treated as images (SDL_image decodes them).
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "webp", "tga", "tif", "tiff", "qoi", "pcx"]
    public static let archiveExtensions: Set<String> = ["cbz", "zip"]

    public struct Result: Sendable {
        public var library: Library
        public var problems: [LibraryProblem]
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
            if isArchive(path) {
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
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FolioError.badInput("\(path): cannot be read.")
        }
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: data, format: nil) } catch {
            throw FolioError.badInput("\(path): is not a property list.")
        }
        guard let entries = root as? [Any] else {
            throw FolioError.badInput("\(path): the top level is not an array of books.")
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
        for name in visible {
            let full = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            fm.fileExists(atPath: full, isDirectory: &isDirectory)
            if isDirectory.boolValue {
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
        let images = names.filter { !$0.hasPrefix(".") && isImage($0) }.sorted(by: naturalLess)
        guard !images.isEmpty else {
            problems.append(LibraryProblem(file: path, message: "empty book: no images; skipped."))
            return nil
        }
        return book(title: title, images: images) { .file((path as NSString).appendingPathComponent($0)) }
    }

    static func book(title: String, images: [String], source: (String) -> ImageSource) -> Book {
        let coverIndex = images.firstIndex { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() == "cover" } ?? 0
        var pages = images
        let cover = pages.remove(at: coverIndex)
        return Book(title: title, cover: source(cover), pages: pages.map(source))
    }

    /// A .cbz (ZIP of images), read in place: non-image entries are skipped.
    static func archiveBook(_ path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            if strict { throw FolioError.badInput("\(path): is not a readable ZIP archive.") }
            problems.append(LibraryProblem(file: path, message: "is not a readable ZIP archive; skipped."))
            return nil
        }
        var images: [String] = []
        var skipped = 0
        for entry in archive where entry.type == .file {
            let name = (entry.path as NSString).lastPathComponent
            if entry.path.contains("__MACOSX/") || name.hasPrefix(".") { continue }
            if isImage(name) { images.append(entry.path) } else { skipped += 1 }
        }
        if skipped > 0 {
            problems.append(LibraryProblem(file: path, message: "\(skipped) entries that are not images were skipped."))
        }
        guard !images.isEmpty else {
            if strict { throw FolioError.badInput("\(path): holds no images.") }
            problems.append(LibraryProblem(file: path, message: "empty book: no images; skipped."))
            return nil
        }
        return book(title: title, images: images.sorted(by: naturalLess)) { .archiveEntry(archive: path, entry: $0) }
    }
}

/// Reads the bytes of page images. Not shared between threads: each decoding thread has
/// its own (it keeps ZIP archives open between reads).
public final class ImageReader {
    private var archives: [String: Archive] = [:]
    /// Files larger than this are refused before being read (bytes).
    public static let maxFileSize = 512 << 20

    public init() {}

    public struct Failure: Error, CustomStringConvertible {
        public let reason: String
        public let description: String
    }

    public func data(for source: ImageSource) throws -> Data {
        switch source {
        case .file(let path):
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            guard let size = attributes?[.size] as? NSNumber else {
                throw Failure(reason: "missing", description: "\(path): missing file.")
            }
            guard size.intValue <= ImageReader.maxFileSize else {
                throw Failure(reason: "too large", description: "\(path): the file is larger than \(ImageReader.maxFileSize >> 20) MB.")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure(reason: "unreadable", description: "\(path): cannot be read.")
            }
            return data
        case .archiveEntry(let path, let name):
            let archive: Archive
            if let open = archives[path] {
                archive = open
            } else {
                guard let opened = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read) else {
                    throw Failure(reason: "unreadable", description: "\(path): is not a readable ZIP archive.")
                }
                archives[path] = opened
                archive = opened
            }
            guard let entry = archive[name] else {
                throw Failure(reason: "missing", description: "\(path): has no entry \(name).")
            }
            guard entry.uncompressedSize <= UInt64(ImageReader.maxFileSize) else {
                throw Failure(reason: "too large", description: "\(path):\(name): the entry is larger than \(ImageReader.maxFileSize >> 20) MB.")
            }
            var data = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            } catch {
                throw Failure(reason: "unreadable", description: "\(path):\(name): cannot be extracted (\(error)).")
            }
            return data
        case .unavailable(let reason, let name):
            throw Failure(reason: reason, description: "\(name): \(reason).")
        }
    }
}
