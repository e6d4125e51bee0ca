/// Reading a file or folder dropped on the window, before the shelf takes what it holds: the
/// one check of the path itself, then the library loader handed in. Safe on any thread (it
/// touches no app state): the live viewer reads drops off its thread.
public enum DropReading {
    /// Longest path a drop may name, bytes (Linux's PATH_MAX).
    public static let maxPathBytes = 4096

    /// Why a dropped file or folder added nothing: one sentence naming it.
    public struct Failure: Error, Equatable, Sendable {
        public let message: String
    }

    /// The sentence a dropped path earns before anything is read, or nil when it may be read.
    static func refusal(of path: String) -> String? {
        guard !path.isEmpty, path.utf8.count <= maxPathBytes, !path.utf8.contains(0) else {
            return "A dropped path was empty or longer than \(maxPathBytes) bytes; nothing was added."
        }
        return nil
    }

    /// Reads a drop with `load`, after the one check of the path itself.
    public static func read(_ path: String, load: (String) throws -> LoadedLibrary) -> Result<LoadedLibrary, Failure> {
        if let refusal = refusal(of: path) { return .failure(Failure(message: refusal)) }
        do {
            return .success(try load(path))
        } catch let error as FolioError {
            return .failure(Failure(message: error.message))
        } catch {
            return .failure(Failure(message: "\(path): cannot be read; nothing was added."))
        }
    }
}
