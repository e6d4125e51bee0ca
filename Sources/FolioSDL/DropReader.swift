import FolioCore
import FolioLibrary
import Foundation

/// Reads what is dropped on the window off the window's thread, one drop at a time in the
/// order they came, so a large folder never stalls drawing; the window's loop takes what is
/// read with `take()` (an SDL user event wakes it when something is).
final class DropReader: Sendable {
    typealias Load = @Sendable (String) throws -> LibraryLoader.Result
    /// A drop read: its books and, when places are remembered, their keys (read with them).
    typealias Read = (path: String, result: Result<LibraryLoader.Result, FolioApp.DropFailure>, keys: [BookKey?]?)

    private let work: OffWindowWork<String, Read>

    /// `keys`: also reads the books' keys for the remembered places.
    init(load: @escaping Load, keys: Bool = false) {
        work = OffWindowWork(name: "folio-drops") { path in
            let result = FolioApp.readDrop(path, load: load)
            return (path, result, keys ? ((try? result.get())?.library.books ?? []).map(BookKey.of) : nil)
        }
    }

    /// Queues `path` to be read; returns at once.
    func read(_ path: String) {
        work.add(path)
    }

    /// What has been read since the last call, in the order it was dropped.
    func take() -> [Read] { work.take() }

    /// True while a drop is queued or being read, or read and not yet taken.
    var isBusy: Bool { work.isBusy }
}
