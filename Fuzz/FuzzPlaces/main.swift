import FolioCore
import FolioLibrary
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to the state file's parser either read into places
// within their bounds, or throw a FolioError; never a trap, never a hang. Accepted places
// are written and read back to the same value, within the file's byte limit; entries the
// parser cannot use are kept, and written back byte for byte.
/// Any JSON text (decoding it checks the syntax only).
struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
}

fuzzMain { data in
    guard let places = try? Places.parse(data, name: "places.json") else { return }
    precondition(places.books.count + places.keptBooks.count <= Places.maxBooks, "too many books")
    precondition(places.shelves.count + places.keptShelves.count <= Places.maxShelves, "too many shelves")
    for kept in places.keptBooks + places.keptShelves {
        precondition(data.range(of: Data(kept.raw.utf8)) != nil, "a kept entry is not the file's own bytes")
        precondition((try? JSONDecoder().decode(AnyJSON.self, from: Data(kept.raw.utf8))) != nil, "a kept entry is not JSON")
    }
    for case .path(let library) in places.shelves.map(\.library) {
        precondition(library.hasPrefix("/") && library.utf8.count <= Places.maxPathBytes, "library out of bounds")
    }
    precondition(places.books.allSatisfy { $0.page.map((1...Places.maxPage).contains) ?? true }, "page out of bounds")
    for key in places.books.map(\.book) + places.shelves.map(\.book) + (places.sharedCentred.map { [$0] } ?? []) {
        precondition(key.path.hasPrefix("/") && key.path.utf8.count <= Places.maxPathBytes, "path out of bounds")
        precondition(key.size >= 0, "negative size")
    }
    precondition(places.books.allSatisfy { (0...Places.maxSpread).contains($0.spread) }, "spread out of bounds")
    precondition(places.books.allSatisfy { $0.settings.top.map { $0 > 0 && $0 <= 1 } ?? true }, "line out of bounds")
    for zoom in places.books.compactMap(\.settings.zoom) {
        precondition(RememberedZoom.scales.contains(zoom.scale) && zoom.scale != 1, "zoom out of bounds")
        precondition((0...1).contains(zoom.x) && (0...1).contains(zoom.y), "zoom's place out of bounds")
    }
    let encoded = places.encoded()
    precondition(encoded.count <= Places.maxBytes, "written past the byte limit")
    guard let again = try? Places.parse(encoded, name: "places.json") else {
        preconditionFailure("what was written does not read back")
    }
    let books = (places.books.count, places.keptBooks.count), shelves = (places.shelves.count, places.keptShelves.count)
    precondition(again.books.count <= books.0 && again.keptBooks.count <= books.1 && again.shelves.count <= shelves.0
                 && again.keptShelves.count <= shelves.1 && again.sharedCentred == places.sharedCentred, "read back differently")
    let shorter = again.books.count + again.keptBooks.count < books.0 + books.1
        || again.shelves.count + again.keptShelves.count < shelves.0 + shelves.1
    precondition(shorter || again == places, "read back differently")
    precondition(again.keptBooks == Array(places.keptBooks.suffix(again.keptBooks.count)), "kept entries changed")
}
