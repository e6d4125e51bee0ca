import FolioCore
import FolioLibrary

/// Images that cannot be shown and the reason their placeholder says; each is warned about
/// once, and never decoded again.
struct FailureRegistry {
    private var reasons: [ImageSource: String] = [:]

    func reason(for source: ImageSource) -> String? { reasons[source] }

    /// Records a failed decode and warns, the first time only.
    mutating func record(_ source: ImageSource, _ failure: PageImage.Failure) {
        guard reasons[source] == nil else { return }
        reasons[source] = failure.reason
        Console.warning(failure.message + " Showing a placeholder.")
    }

    /// Records an image the library already reported as unavailable (no second warning).
    mutating func recordUnavailable(_ source: ImageSource, reason: String) {
        reasons[source] = reason
    }
}
