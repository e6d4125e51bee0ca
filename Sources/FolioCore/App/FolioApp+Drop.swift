/// Dropping a file or folder on the window: what it holds joins the shelf and is centred.
extension FolioApp {
    /// Longest path a drop may name, bytes (Linux's PATH_MAX).
    public static let maxDropPathBytes = 4096

    /// Loads a dropped file or folder through the library loader (every form `--library`
    /// takes), adds its books to the end of the shelf and centres the first; a book already
    /// on the shelf is centred, not added twice. Returns the lines to warn with: the loader's
    /// problems, or one sentence when nothing could be added. The shelf is left as it was
    /// when the drop fails. (The live viewer reads drops off its thread with `readDrop` and
    /// hands the result to `adopt`.)
    @discardableResult
    public func handle(_ event: AppEvent, at time: Double) -> [String] {
        update(at: time)
        switch event {
        case .dropped(let path):
            return adopt(dropOf: path, FolioApp.readDrop(path, load: loadDropped), at: time)
        }
    }

    /// Why a dropped file or folder added nothing: one sentence naming it.
    public struct DropFailure: Error, Equatable, Sendable {
        public let message: String
    }

    /// The sentence a dropped path earns before anything is read, or nil when it may be read.
    static func refusal(ofDrop path: String) -> String? {
        guard !path.isEmpty, path.utf8.count <= maxDropPathBytes, !path.utf8.contains(0) else {
            return "A dropped path was empty or longer than \(maxDropPathBytes) bytes; nothing was added."
        }
        return nil
    }

    /// Reads a drop with `load`, after the one check of the path itself; safe on any thread
    /// (it touches no app state).
    public static func readDrop(_ path: String, load: (String) throws -> LoadedLibrary) -> Result<LoadedLibrary, DropFailure> {
        if let refusal = refusal(ofDrop: path) { return .failure(DropFailure(message: refusal)) }
        do {
            return .success(try load(path))
        } catch let error as FolioError {
            return .failure(DropFailure(message: error.message))
        } catch {
            return .failure(DropFailure(message: "\(path): cannot be read; nothing was added."))
        }
    }

    /// Adds what reading the drop of `path` gave; the lines to warn with. `keys`: the places'
    /// keys of the books read, read with them (nil: the places read them when asked).
    @discardableResult
    public func adopt(dropOf path: String, _ read: Result<LoadedLibrary, DropFailure>, keys: [BookKey?]? = nil,
                      at time: Double) -> [String] {
        update(at: time)
        let result: LoadedLibrary
        switch read {
        case .success(let loaded): result = loaded
        case .failure(let failure): return [failure.message]
        }
        let added = bookcase.add(result, droppedAt: path, keys: keys)
        guard !result.library.books.isEmpty else { return added.lines }
        shelf.setCoverShapes(library.books.map(\.pageShape))
        droppedBookToCentre = added.first
        centreDroppedBook()
        return added.lines
    }

    /// Glides the shelf to the dropped book once the shelf is on top with nothing running
    /// (a drop on an open book waits for it to close).
    func centreDroppedBook() {
        guard let index = droppedBookToCentre, navigation.transition == nil, navigation.top === shelf else { return }
        droppedBookToCentre = nil
        shelf.scroll(toBook: index, at: animationTime)
    }
}
