import FolioCore
import Foundation

/// A Books.plist: the bundled library's form (titles, covers, pages by path), read whole and checked.
extension LibraryLoader {
    /// An array of {title, cover, pages[]} with paths relative to the plist's folder.
    public static func plist(_ path: String) throws -> Result {
        let url = URL(fileURLWithPath: path)
        let data = try SafeFile.read(path, limit: maxPlistSize)
        // XML only: Foundation's binary and old-style plist readers trust what they read (a
        // crafted binary plist crashes them), and a Books.plist is written by hand or by
        // `make assets` as XML anyway.
        guard isXMLPlist(data) else {
            if data.starts(with: Array("bplist".utf8)) {
                throw FolioError.badInput(
                    "\(path): is a binary property list; Folio reads XML property lists (python3 -m plistlib can convert it).")
            }
            throw FolioError.badInput(isPlistName(path)
                ? "\(path): is not an XML property list."
                : "\(path): is not a library Folio reads; it opens \(lookedFor).")
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
                return .unavailable(cause: .refused, name: relative)
            }
            guard FileName.exists(full) else {
                problems.append(LibraryProblem(file: full, message: "missing file (in \"\(book)\")."))
                return .unavailable(cause: .missing, name: full)
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
                problems.append(LibraryProblem(
                    file: path,
                    message: "entry \(index) (\"\(title)\") lists \(pages.count) pages, more than the \(maxPages) allowed; skipped."))
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
                    problems.append(LibraryProblem(file: path,
                                                   message: "entry \(index) (\"\(title)\"): page \(p) is not a string; shown blank."))
                    sources.append(.unavailable(cause: .missing, name: "page \(p)"))
                }
            }
            books.append(Book(title: title, cover: cover, pages: sources))
        }
        return Result(library: Library(books: books), problems: problems)
    }
}
