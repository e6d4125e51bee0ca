/// The state trace's frame: the stack and the transition, and each scene's part as the scene
/// traces it (`Scene+Trace`, `Scene.trace(into:)`).
extension FolioApp {
    /// The state trace's frame `frame` at time `t` (`--trace`, docs/SCRIPTS.md).
    public func trace(frame: Int, t: Double) -> TraceFrame {
        let transition = navigation.transition.map {
            TraceFrame.Transition(operation: $0.operation, state: $0.state.phase, progress: $0.progress, interactive: $0.isInteractive)
        }
        let poses = self.poses
        let book = doors.bookShowing.map { showing in
            showing.traced(at: poses, inTransition: navigation.transition != nil,
                           title: library.books.indices.contains(showing.bookIndex) ? library.books[showing.bookIndex].title : "",
                           zoom: reading?.tracedZoom)
        }
        var traced = TraceFrame(frame: frame, t: t, size: [size.width, size.height], stack: navigation.visibleScenes.map(\.kind),
                                transition: transition, shelf: shelf.traced(at: poses[shelf]), book: book, reading: tracedReading(),
                                contents: modals.first(ContentsContext.self).flatMap { $0.traced(in: self) },
                                search: modals.first(SearchContext.self).map { $0.traced })
        for scene in navigation.visibleScenes { scene.trace(into: &traced) }
        return traced
    }

    /// The reading view's state, while it is on the stack.
    private func tracedReading() -> TraceFrame.Reading? {
        guard let reading, navigation.scenes.contains(where: { $0 === reading }),
              library.books.indices.contains(reading.bookIndex) else { return nil }
        return reading.traced(numbering: library.books[reading.bookIndex].numbering)
    }
}
