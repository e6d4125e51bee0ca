@testable import FolioCore

/// The shelf's, the open book's and the reading view's poses read together, under the names
/// the app's tests check: each is the scene's own pose (`FolioApp.poses`); a book or reading
/// view not on screen counts as closed or not flat.
struct AppPose: Equatable {
    var openness: Double
    var otherCoversOpacity: Double
    var showsCentredCover: Bool
    var showsBookBackground: Bool
    var flatness: Double

    /// The book scene's own pose.
    var book: BookOpeningPose { BookOpeningPose(openness: openness, showsBookBackground: showsBookBackground) }

    /// The shelf alone, every cover showing.
    static let shelf = AppPose(openness: 0, otherCoversOpacity: 1, showsCentredCover: true, showsBookBackground: false, flatness: 0)
    /// The book open over a hidden shelf.
    static let open = AppPose(openness: 1, otherCoversOpacity: 0, showsCentredCover: false, showsBookBackground: true, flatness: 0)
    /// The book flat in the reading view.
    static let reading = AppPose(openness: 1, otherCoversOpacity: 0, showsCentredCover: false, showsBookBackground: true, flatness: 1)
}

extension FolioApp {
    /// The scenes' poses now, read together (`AppPose`).
    var pose: AppPose {
        let poses = self.poses, visible = navigation.visibleScenes
        let shelf = poses[self.shelf]
        let book = visible.lazy.compactMap { $0 as? BookScene }.last.map { poses[$0] } ?? .shelf
        let flatness = visible.lazy.compactMap { $0 as? ReadingScene }.last.map { poses[$0].flatness } ?? 0
        return AppPose(openness: book.openness, otherCoversOpacity: shelf.otherCoversOpacity, showsCentredCover: shelf.showsCentredCover,
                       showsBookBackground: book.showsBookBackground, flatness: flatness)
    }
}
