import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Remembered places are written off the window's thread: the latest places are the ones on
/// disk once the writer is flushed, and a write that fails is one warning, not a stop.
@Suite struct PlaceWriterTests {
    static func places(_ spread: Int) -> Places {
        var places = Places()
        places.remember(spread: spread, of: BookKey(path: "/books/a.cbz", size: 10))
        return places
    }

    @Test func theLastPlacesSavedAreOnDiskOnceFlushed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-places-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PlaceStore(path: dir.appendingPathComponent("folio/places.json").path)
        let writer = PlaceWriter(store: store)
        for spread in 1...50 { writer.save(Self.places(spread)) }
        writer.flush()
        let (read, warning) = store.load()
        #expect(warning == nil)
        #expect(read == Self.places(50))
        #expect(writer.takeWarnings().isEmpty)
    }

    @Test func aFailedWriteIsOneWarning() {
        let writer = PlaceWriter(store: PlaceStore(path: "/proc/folio-test/places.json"))
        writer.save(Self.places(3))
        writer.flush()
        let warnings = writer.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("/proc/folio-test/places.json") == true)
        #expect(writer.takeWarnings().isEmpty)
    }
}
