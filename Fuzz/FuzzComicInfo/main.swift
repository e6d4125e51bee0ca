import FolioCore
import FolioLibrary
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes as a ComicInfo.xml either parse into metadata within its
// bounds or throw one ComicInfoReader.Failure; never a trap, never a hang. Every string is
// one line of at most ComicInfo.maxTextLength characters (and an ellipsis), every image index
// names one of the book's images, the spreads it gives lie within the book's pages, and the
// series it names (`BookSeries`) is bounded.
let imageCount = 40

fuzzMain { data in
    guard let info = try? ComicInfoReader.parse(data, imageCount: imageCount) else { return }
    for text in [info.title, info.series, info.number, info.volume, info.writer, info.bookTitle].compactMap({ $0 }) {
        precondition(!text.isEmpty && text.count <= ComicInfo.maxTextLength + 1, "string out of bounds")
        precondition(!text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" },
                     "control character or line break kept")
        precondition(text.first != " " && text.last != " ", "not trimmed")
    }
    // The series it names, as the library grid stacks it: a bounded name, numbers that are numbers.
    if let series = BookSeries(info) {
        precondition(!series.name.isEmpty && series.name.count <= TextLayer.maxCharacters + 1, "series name out of bounds")
        for number in [series.volume, series.number].compactMap({ $0 }) {
            precondition(number.isFinite && number >= 0 && number < 1e10, "series number out of bounds")
        }
    }
    precondition(info.doublePages.allSatisfy { (0..<imageCount).contains($0) }, "double page out of range")
    precondition(info.frontCover.map { (0..<imageCount).contains($0) } ?? true, "front cover out of range")
    let cover = info.cover(imageCount: imageCount) ?? 0
    precondition(info.spreads(cover: cover, imageCount: imageCount).allSatisfy { (0..<(imageCount - 1)).contains($0) },
                 "spread outside the pages")
}
