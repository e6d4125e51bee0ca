import FolioCore
import FolioThreads
import Foundation

/// A library folder's books beyond reading each file: a sub-folder of books read as a series,
/// within one budget of reads for the whole folder, and when each book came into the library.
extension LibraryLoader {
    /// When each of `library`'s books came into it (`Book.addedAt`): its file's last status
    /// change (set by a copy, a move or a rename; a folder of images by the later of its
    /// first image's and its folder's, as a folder moved in changes only the folder's), the
    /// library's own folder `root` never counting (anything added changes it). A stat a book,
    /// about a microsecond each.
    static func stampAdded(_ library: inout Library, root: String?) {
        func changed(_ path: String) -> Int? {
            var info = stat()
            guard FileName.withCString(path, { stat($0, &info) }) == 0 else { return nil }
            return Int(info.st_ctim.tv_sec)
        }
        for index in library.books.indices {
            guard let source = BookKey.file(of: library.books[index]), let file = source.filePath else { continue }
            var times = [changed(file)]
            if case .file = source {
                let folder = (file as NSString).deletingLastPathComponent
                if folder != root { times.append(changed(folder)) }
            }
            library.books[index].addedAt = times.compactMap { $0 }.max()
        }
    }

    /// The book at `path` in `format`, or none and the reason.
    static func readBook(_ path: String, format: any BookFormat, formats: BookFormats) -> (books: [Book], problems: [LibraryProblem]) {
        do {
            let listed = try formats.files.book(format, at: path, strict: false)
            return (listed.book.map { [$0] } ?? [], listed.problems)
        } catch {
            // A book that cannot be read at all (a loose picture cut short, an archive
            // that is not one) is named with the reason, never passed over in silence.
            return ([], [LibraryProblem(file: path, message: skippedBecause(error, path: path))])
        }
    }

    /// Most books read from one series folder.
    static let maxSeriesBooks = 2_000

    /// One book's read taken from `budget`; false when none is left.
    static func take(from budget: Monitor<Int>) -> Bool {
        budget.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    /// The books of a sub-folder of the library that holds book files and no pictures (a
    /// series kept in a folder of its own), in natural order, each of the series `name`
    /// (unless its ComicInfo.xml names another); nil for any other folder (a folder of
    /// pictures is a book). Only the folder's own files are read, each checked as the
    /// library's members are; its sub-folders are not.
    static func seriesFolder(_ path: String, name: String, formats: BookFormats,
                             budget: Monitor<Int>) -> (books: [Book], problems: [LibraryProblem])? {
        guard let names = FileName.names(inFolder: path) else { return nil }
        let visible = names.filter { !$0.hasPrefix(".") }.sorted(by: naturalLess)
        guard !visible.contains(where: isImage), visible.contains(where: { formats.claiming(name: $0) != nil }) else { return nil }
        var books: [Book] = [], problems: [LibraryProblem] = []
        for member in visible where formats.claiming(name: member) != nil {
            guard books.count < maxSeriesBooks else {
                problems.append(LibraryProblem(file: path, message: "holds more than \(maxSeriesBooks) books; the rest are skipped."))
                break
            }
            // `path` is the series folder's real path: a link in it must stay inside it.
            guard let (full, kind) = self.member(member, of: path, root: path, problems: &problems), kind == .file,
                  let format = formats.claiming(name: member) else { continue }
            guard take(from: budget) else { break }
            let read = readBook(full, format: format, formats: formats)
            problems += read.problems
            books += read.books.map { book in
                var book = book
                if book.series == nil { book.series = BookSeries(name: name) }
                return book
            }
        }
        return (books, problems)
    }
}
