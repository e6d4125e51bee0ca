import FolioCore
import FolioLibrary
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to the state file's parser either read into places
// within their bounds, or throw a FolioError; never a trap, never a hang. Accepted places
// are written and read back to the same value, within the file's byte limit.
fuzzMain { data in
    guard let places = try? Places.parse(data, name: "places.json") else { return }
    precondition(places.books.count <= Places.maxBooks, "too many books")
    precondition(places.shelves.count <= Places.maxShelves, "too many shelves")
    for case .path(let library) in places.shelves.map(\.library) {
        precondition(library.hasPrefix("/") && library.utf8.count <= Places.maxPathBytes, "library out of bounds")
    }
    precondition(places.books.allSatisfy { $0.page.map((1...Places.maxPage).contains) ?? true }, "page out of bounds")
    for key in places.books.map(\.book) + places.shelves.map(\.book) + (places.sharedCentred.map { [$0] } ?? []) {
        precondition(key.path.hasPrefix("/") && key.path.utf8.count <= Places.maxPathBytes, "path out of bounds")
        precondition(key.size >= 0, "negative size")
    }
    precondition(places.books.allSatisfy { (0...Places.maxSpread).contains($0.spread) }, "spread out of bounds")
    for zoom in places.books.compactMap(\.settings.zoom) {
        precondition(RememberedZoom.scales.contains(zoom.scale) && zoom.scale != 1, "zoom out of bounds")
        precondition((0...1).contains(zoom.x) && (0...1).contains(zoom.y), "zoom's place out of bounds")
    }
    let encoded = places.encoded()
    precondition(encoded.count <= Places.maxBytes, "written past the byte limit")
    guard let again = try? Places.parse(encoded, name: "places.json") else {
        preconditionFailure("what was written does not read back")
    }
    precondition(again.books.count <= places.books.count && again.shelves.count <= places.shelves.count
                 && again.sharedCentred == places.sharedCentred, "read back differently")
    precondition(again.books.count < places.books.count || again.shelves.count < places.shelves.count || again == places,
                 "read back differently")
}
