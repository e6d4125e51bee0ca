import CSDL2
import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Decodes every image of a library to find what the viewer would show as a placeholder:
/// unreadable or corrupt images, images too large, books with nothing to show. Readers'
/// habits are not problems: an odd page count (a blank evens it), a book of one page, or
/// one comic in two formats under one title.
public enum LibraryValidator {
    package static func check(_ library: Library, decoder: any PageDecoder) -> [LibraryProblem] {
        var problems: [LibraryProblem] = []
        let reader = ImageReader()
        for book in library.books {
            let label = "\"\(book.title)\""
            if book.pages.isEmpty && book.cover == nil {
                problems.append(LibraryProblem(file: label, message: "empty book: no pages."))
            }
            // Read in the order the images are stored (an archive in one pass, however its
            // pages are shuffled), decoded on as many threads as there are decoder workers,
            // reported in page order.
            let sources = [book.cover].compactMap({ $0 }) + book.pages.compactMap({ $0 })
            let found = Monitor([ImageSource: LibraryProblem]())
            let slots = DispatchSemaphore(value: decodingThreads)
            let group = DispatchGroup()
            reader.inStoredOrder(sources) { source in
                let bytes: Result<Data, any Error>? = if case .archiveEntry = source { Result { try reader.data(for: source) } } else { nil }
                slots.wait()
                checks.async(group: group) {
                    if let problem = check(source, bytes: bytes, decoder: decoder) { found.withLock { $0[source] = problem } }
                    slots.signal()
                }
            }
            group.wait()
            let problemsFound = found.withLock { $0 }
            problems += sources.compactMap { problemsFound[$0] }
        }
        return problems
    }

    /// The page shape `validate` decodes to: small, so checking a library of scans is quick
    /// and every image is still decoded through the viewer's own path.
    static let probeShape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)

    /// Pages decoded at once: one a decoder worker (the read of the next waits for a slot, so
    /// at most this many entries' bytes are held).
    static let decodingThreads = DecoderSandbox.maxWorkers
    private static let checks = DispatchQueue(label: "folio-validate", attributes: .concurrent)

    /// Nil when the image decodes; otherwise what is wrong with it. An archive entry comes
    /// with its bytes (or why they could not be read); a file is opened here.
    static func check(_ source: ImageSource, bytes: Result<Data, any Error>?, decoder: any PageDecoder) -> LibraryProblem? {
        if case .unavailable = source { return nil }  // reported when the library loaded
        let outcome: Result<UnsafeMutablePointer<SDL_Surface>, PageImage.Failure>
        switch bytes {
        case .success(let data)?: outcome = PageImage.make(source, bytes: data, reader: ImageReader(), decoder: decoder, shape: probeShape)
        case .failure(let failure as ImageReader.Failure)?:
            outcome = .failure(PageImage.Failure(cause: failure.cause, message: failure.description, detail: failure.description))
        case .failure(let error)?: outcome = .failure(PageImage.Failure(cause: .unreadable, message: "\(source.name): \(error).", detail: "\(error)"))
        case nil: outcome = PageImage.make(source, reader: ImageReader(), decoder: decoder, shape: probeShape)
        }
        switch outcome {
        case .success(let surface):
            SDL_FreeSurface(surface)
            return nil
        case .failure(let failure):
            let message: String
            switch failure.cause {
            case .missing: message = "missing file."
            case .tooLarge: message = "image too large: \(failure.detail)."
            case .unreadable: message = "unreadable or corrupt image (\(failure.detail))."
            case .unsupported:
                let prefix = source.name + ": "
                message = failure.message.hasPrefix(prefix) ? String(failure.message.dropFirst(prefix.count)) : failure.message
            case .refused, .encrypted:
                let word = failure.cause.rawValue
                message = failure.detail.isEmpty ? "\(word)." : "\(word): \(failure.detail)."
            }
            return LibraryProblem(file: source.name, message: message)
        }
    }
}
