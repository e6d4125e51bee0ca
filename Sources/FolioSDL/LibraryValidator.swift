import CSDL2
import FolioCore
import Foundation

/// Decodes every image of a library to find what the viewer would show as a placeholder:
/// unreadable or corrupt images, images too large; plus empty books, odd page counts and
/// duplicate titles.
public enum LibraryValidator {
    public static func check(_ library: Library) -> [LibraryProblem] {
        var problems: [LibraryProblem] = []
        let reader = ImageReader()
        var titles: [String: Int] = [:]
        for (index, book) in library.books.enumerated() {
            let label = "\"\(book.title)\""
            if let first = titles[book.title] {
                problems.append(LibraryProblem(file: label, message: "duplicate title (books \(first + 1) and \(index + 1))."))
            } else {
                titles[book.title] = index
            }
            if book.pages.isEmpty {
                problems.append(LibraryProblem(file: label, message: "empty book: no pages."))
            } else if (book.pages.count + 1) % 2 == 1 {
                problems.append(LibraryProblem(file: label, message: "odd page count (\(book.pages.count + 1) with the cover); a blank page is added at the end."))
            }
            for source in [book.cover].compactMap({ $0 }) + book.pages.compactMap({ $0 }) {
                if let problem = check(source, reader: reader) { problems.append(problem) }
            }
        }
        return problems
    }

    /// Nil when the image decodes; otherwise what is wrong with it.
    static func check(_ source: ImageSource, reader: ImageReader) -> LibraryProblem? {
        if case .unavailable = source { return nil }  // reported when the library loaded
        let data: Data
        do { data = try reader.data(for: source) } catch let failure as ImageReader.Failure {
            return LibraryProblem(file: source.name, message: failure.reason == "missing" ? "missing file." : String(failure.description.dropFirst(source.name.count + 2)))
        } catch {
            return LibraryProblem(file: source.name, message: "cannot be read.")
        }
        do {
            SDL_FreeSurface(try PageImage.load(data, name: source.name))
        } catch let failure as PageImage.Failure {
            let message = failure.reason == "too large" ? "image too large: \(failure.detail)." : "unreadable or corrupt image (\(failure.detail))."
            return LibraryProblem(file: source.name, message: message)
        } catch {
            return LibraryProblem(file: source.name, message: "unreadable or corrupt image.")
        }
        return nil
    }
}
