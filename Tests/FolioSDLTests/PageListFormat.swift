import FolioCore
import FolioLibrary
import Foundation

/// A stand-in book format, registered by `StandInFormatTests` alone: a page list, a text file
/// (`.pages`, or any name when it starts with `folio-pages`) whose other lines name images
/// beside it, the first the cover. Its pages are those image files, measured and decoded by
/// the decoder as any are; a line naming no file inside the list's folder is a problem and a
/// missing page.
struct PageListFormat: BookFormat {
    static let header = "folio-pages"
    static let maxBytes = 1 << 20

    var extensions: Set<String> { ["pages"] }

    func claims(head: Data) -> Bool {
        head.starts(with: Data((Self.header + "\n").utf8))
    }

    func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        let text = String(decoding: try SafeFile.read(path, limit: Self.maxBytes), as: UTF8.self)
        let folder = SafeFile.realPath((path as NSString).deletingLastPathComponent) ?? ""
        var names = text.split(separator: "\n").map(String.init)
        if names.first == Self.header { names.removeFirst() }
        let sources = names.map { name -> ImageSource in
            let full = SafeFile.realPath((folder as NSString).appendingPathComponent(name))
            guard let full, SafeFile.isInside(full, folder: folder) else {
                problems.append(LibraryProblem(file: path, message: "\(name): no such file beside the list; shown blank."))
                return .unavailable(cause: .missing, name: name)
            }
            return .file(full)
        }
        guard let cover = sources.first else {
            if strict { throw FolioError.badInput("\(path): the list names no pages.") }
            problems.append(LibraryProblem(file: path, message: "the list names no pages; skipped."))
            return nil
        }
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return Book(title: title, cover: cover, pages: Array(sources.dropFirst()))
    }
}
