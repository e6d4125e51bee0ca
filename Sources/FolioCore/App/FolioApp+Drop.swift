/// Dropping a file or folder on the window: what it holds joins the shelf and is centred.
extension FolioApp {
    /// Longest path a drop may name, bytes (Linux's PATH_MAX).
    public static let maxDropPathBytes = DropReading.maxPathBytes

    public typealias DropFailure = DropReading.Failure

    /// Reads a drop with `load` (`DropReading.read`); safe on any thread.
    public static func readDrop(_ path: String, load: (String) throws -> LoadedLibrary) -> Result<LoadedLibrary, DropFailure> {
        DropReading.read(path, load: load)
    }

    /// Adds what reading the drop of `path` gave (its books to the end of the shelf, the first
    /// centred; a book already on the shelf is centred, not added twice); the lines to warn
    /// with: the loader's problems, or one sentence when nothing could be added, the shelf as
    /// it was. The app reads no file: the live viewer reads a drop off its thread with
    /// `readDrop` (every form `--library` takes) and hands the result here. `keys`: the places'
    /// keys of the books read, read with them (nil: the places read them when asked).
    /// `centring` false: a book that arrived in the library's folder by itself (`FolderWatch`)
    /// joins the shelf where it is, and the shelf stays where the reader left it; a folder of
    /// books that arrives so is a series (`Bookcase.add`).
    @discardableResult
    public func adopt(dropOf path: String, _ read: Result<LoadedLibrary, DropFailure>, keys: [BookKey?]? = nil,
                      centring: Bool = true, at time: Double) -> [String] {
        update(at: time)
        let loaded: LoadedLibrary
        switch read {
        case .success(let result): loaded = result
        case .failure(let failure): return [failure.message]
        }
        let added = bookcase.add(loaded, droppedAt: path, keys: keys, asSeries: !centring)
        guard !loaded.library.books.isEmpty else { return added.lines }
        shelf.setCoverShapes(library.books.map(\.pageShape))
        if centring {
            shelf.centreWhenOnTop(added.first)
            glideToWaitingBook()
        }
        return added.lines
    }

    /// The books read from `path` went from the library's folder while the viewer ran
    /// (`FolderWatch`: deleted, moved away or renamed): they leave the shelf and the grid, at
    /// once, or an open one once it is closed (nothing is taken from under the reader).
    /// Their places stay remembered. Returns how many books it names.
    @discardableResult
    public func removeBooks(at path: String, at time: Double) -> Int {
        update(at: time)
        let indices = library.books(at: path).filter { !shelf.gone.contains($0) }
        doors.booksGoing.formUnion(indices)
        doors.takeGoneBooks()
        return indices.count
    }
}
