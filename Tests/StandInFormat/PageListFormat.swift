import FolioCore
import FolioDecoding
import FolioWorker
import FolioLibrary
import Foundation

/// A stand-in book format, registered by `StandInFormatTests` and its worker program alone
/// (`folio-stand-in-worker`): a page list, a text file (`.pages`, or any name when it starts
/// with `folio-pages`) whose other lines name images beside it, the first the cover. Its
/// pages are its own references, the number of the line that names each (`ImageSource.formatPage`),
/// made into the image file that line names in the decoder worker, then measured and decoded
/// as any image is; a line naming no file inside the list's folder is a problem and a missing
/// page. The list is read only in the worker: listing it and each page.
package struct PageListFormat: PageFormat {
    package static let header = "folio-pages"
    package static let maxBytes = 1 << 20

    package init() {}

    package var name: String { "pages" }

    package var extensions: Set<String> { ["pages"] }

    package func claims(head: Data) -> Bool {
        head.starts(with: Data((Self.header + "\n").utf8))
    }

    package func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        let lines = try Self.lines(of: path)
        let sources = lines.enumerated().map { number, name -> ImageSource in
            guard Self.image(named: name, beside: path) != nil else {
                problems.append(LibraryProblem(file: path, message: "\(name): no such file beside the list; shown blank."))
                return .unavailable(cause: .missing, name: name)
            }
            return .formatPage(format: self.name, file: path, page: String(number + 1))
        }
        guard let cover = sources.first else {
            if strict { throw FolioError.badInput("\(path): the list names no pages.") }
            problems.append(LibraryProblem(file: path, message: "the list names no pages; skipped."))
            return nil
        }
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return Book(title: title, cover: cover, pages: Array(sources.dropFirst()))
    }

    package func image(_ page: String, in file: String) throws -> PageImage.Input {
        let name = ImageSource.formatPage(format: self.name, file: file, page: page).name
        let lines = try Self.lines(of: file)
        guard let number = Int(page), (1...lines.count).contains(number),
              let image = Self.image(named: lines[number - 1], beside: file) else {
            throw PageImage.Failure(cause: .missing, message: "\(name): the list names no such page.", detail: "no such page")
        }
        return .file(image)
    }

    /// The list's page lines, its header left out.
    static func lines(of path: String) throws -> [String] {
        var lines = String(decoding: try SafeFile.read(path, limit: maxBytes), as: UTF8.self).split(separator: "\n").map(String.init)
        if lines.first == header { lines.removeFirst() }
        return lines
    }

    /// The real path of the image `name` names beside the list at `path`, when it is inside
    /// the list's folder.
    static func image(named name: String, beside path: String) -> String? {
        let folder = SafeFile.realPath((path as NSString).deletingLastPathComponent) ?? ""
        guard let full = SafeFile.realPath((folder as NSString).appendingPathComponent(name)),
              SafeFile.isInside(full, folder: folder) else { return nil }
        return full
    }
}
