import FolioCore
import Foundation

/// A comic archive's ComicInfo.xml: found while the archive is listed (at its root, else in
/// any folder; the name's letter case ignored), read in the same pass within
/// `ComicInfo.maxBytes`, parsed by `ComicInfoReader`, and applied to the book. One that
/// cannot be read is one warning; the book loads as if it had none.
extension LibraryLoader {
    /// How much a ComicInfo.xml at `entryPath` is wanted: 0 at the archive's root, 1 in a
    /// folder, nil when it is none (or a macOS resource fork, or hidden).
    static func comicInfoRank(_ entryPath: String) -> Int? {
        var path = Substring(entryPath)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        let name = (String(path) as NSString).lastPathComponent
        guard name.lowercased() == "comicinfo.xml", !path.contains("__MACOSX/") else { return nil }
        return path.contains("/") ? 1 : 0
    }

    /// The archive's entries and its ComicInfo.xml's bytes, in one pass. Should that pass
    /// fail, reading the ComicInfo.xml may be what broke it (a damaged entry in a stream):
    /// the archive is listed again without it, and the failure kept for the warning.
    static func listWithComicInfo(_ path: String) throws -> (entries: [ArchiveReader.Entry], companion: ArchiveReader.Companion?) {
        do {
            return try ArchiveReader.list(path, reading: comicInfoRank, limit: ComicInfo.maxBytes)
        } catch let first as FolioError {
            let entries = try ArchiveReader.list(path)
            guard let entry = entries.first(where: { comicInfoRank($0.path) != nil }) else { return (entries, nil) }
            return (entries, ArchiveReader.Companion(path: entry.path, data: .failure(first)))
        }
    }

    /// The ComicInfo.xml read while listing, parsed for a book of `imageCount` images; nil
    /// and one problem when it cannot be read or parsed.
    static func read(_ companion: ArchiveReader.Companion, of path: String, imageCount: Int,
                     problems: inout [LibraryProblem]) -> ComicInfo? {
        let reason: String
        switch companion.data {
        case .success(let data):
            do { return try ComicInfoReader.parse(data, imageCount: imageCount) } catch { reason = error.reason }
        case .failure(let error):
            var message = Substring(error.message)
            for prefix in ["\(path): \(companion.path): ", "\(path): "] where message.hasPrefix(prefix) {
                message = message.dropFirst(prefix.count)
            }
            while message.hasSuffix(".") { message.removeLast() }
            reason = String(message)
        }
        problems.append(LibraryProblem(file: path, message: "its ComicInfo.xml could not be read (\(reason)); the book loads without it."))
        return nil
    }

    /// The book of `images` (in reading order) with what `info` says: its title (else
    /// `title`, the file name), its cover when a FrontCover names an image (else the usual
    /// choice), its DoublePage images as spreads, its Bookmarks as contents, right to left for "YesAndRightToLeft".
    static func withComicInfo(_ info: ComicInfo?, title: String, images: [String],
                              source: (String) -> ImageSource) -> Book {
        guard let info else { return book(title: title, images: images, source: source) }
        let cover = info.cover(imageCount: images.count) ?? coverIndex(images)
        var book = book(title: info.bookTitle ?? title, images: images, cover: cover, source: source)
        book.spreads = info.spreads(cover: cover, imageCount: images.count)
        book.rightToLeft = info.rightToLeft
        book.byline = info.writer
        book.series = BookSeries(info)
        book.contents = BookContents.bookmarks(info.bookmarks, cover: cover, imageCount: images.count)
        return book
    }
}
