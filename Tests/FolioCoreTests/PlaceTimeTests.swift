import Foundation
import Testing
@testable import FolioCore

/// When each book was last read, kept with its place (for the shelf ordered by last read):
/// written, read back, stamped by the keeper's clock, and optional in the file.
@Suite struct PlaceTimeTests {
    static func key(_ i: Int) -> BookKey { BookKey(path: "/books/\(i).cbz", size: Int64(100 + i)) }

    @Test func aPlaceKeepsWhenItWasReadAndWritesIt() throws {
        var places = Places()
        places.remember(spread: 1, page: 3, read: 1_790_000_000, of: Self.key(0))
        places.remember(spread: 2, page: 5, of: Self.key(1))
        let text = String(decoding: places.encoded(), as: UTF8.self)
        #expect(text.contains("\"read\":1790000000"))
        let read = try Places.parse(places.encoded(), name: "places.json")
        #expect(read == places)
        #expect(read.read(of: Self.key(0)) == 1_790_000_000)
        #expect(read.read(of: Self.key(1)) == nil)
    }

    /// A file from before times were kept still gives every place; a time Folio cannot use
    /// (of the wrong type, negative, past the year 5138) is no time, never a lost place.
    @Test(arguments: ["", ",\"read\":\"yesterday\"", ",\"read\":-5", ",\"read\":1e300", ",\"read\":null", ",\"read\":{}"])
    func placesWithoutAUsableTimeStillLoad(read: String) throws {
        let text = """
        {"version":1,"opened":true,"centred":null,"books":[
        {"path":"/books/0.cbz","size":100,"spread":2,"page":5\(read)},
        {"path":"/books/1.cbz","size":101,"spread":1,"read":1790000000.75}
        ]}
        """
        let places = try Places.parse(Data(text.utf8), name: "places.json")
        #expect(places.keptBooks.isEmpty)
        #expect(places.page(of: Self.key(0)) == 5 && places.read(of: Self.key(0)) == nil)
        #expect(places.spread(of: Self.key(1)) == 1 && places.read(of: Self.key(1)) == 1_790_000_000)
    }

    @Test func theKeeperStampsAPlaceWithItsClock() {
        let keeper = PlaceKeeper(places: Places(), path: { Self.key($0).path }, key: { Self.key($0) })
        keeper.remember(spread: 1, ofBook: 0)
        #expect(keeper.places.read(of: Self.key(0)) == nil, "no clock, no time")
        keeper.clock = { 1_790_000_123.9 }
        keeper.remember(spread: 2, ofBook: 0)
        #expect(keeper.places.read(of: Self.key(0)) == 1_790_000_123)
        #expect(keeper.lastRead(ofBook: 0)?.time == 1_790_000_123)
        #expect(keeper.lastRead(ofBook: 1) == nil)
    }

    /// A book read again at the same page is read later: a change, which a viewer's write
    /// lays over the file as the most recent.
    @Test func aLaterTimeIsAChangeThatMerges() throws {
        var disk = Places()
        disk.remember(spread: 1, page: 3, read: 100, of: Self.key(0))
        disk.remember(spread: 1, of: Self.key(1))
        var mine = try Places.parse(disk.encoded(), name: "places.json")
        #expect(!mine.hasChanges)
        mine.remember(spread: 1, page: 3, read: 200, of: Self.key(0))
        #expect(mine.hasChanges)
        let merged = mine.merged(over: disk)
        #expect(merged.read(of: Self.key(0)) == 200 && merged.recency(of: Self.key(0)) == 1 && merged.recency(of: Self.key(1)) == 0)
    }
}
