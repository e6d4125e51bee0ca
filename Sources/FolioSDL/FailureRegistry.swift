import FolioCore
import FolioDecoding
import FolioLibrary

/// Images that cannot be shown and the cause their placeholder names; each is warned about
/// once, and never decoded again.
struct FailureRegistry {
    private var causes: [ImageSource: FolioError.Cause] = [:]

    func cause(for source: ImageSource) -> FolioError.Cause? { causes[source] }

    /// Records a failed decode and warns, the first time only.
    mutating func record(_ source: ImageSource, _ failure: PageImage.Failure) {
        guard causes[source] == nil else { return }
        causes[source] = failure.cause
        Console.warning(failure.message + " Showing a placeholder.")
    }

    /// Records an image the library already reported as unavailable (no second warning).
    mutating func recordUnavailable(_ source: ImageSource, cause: FolioError.Cause) {
        causes[source] = cause
    }
}
