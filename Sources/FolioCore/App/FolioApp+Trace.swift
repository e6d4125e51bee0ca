/// The state trace's frame: the app as it is, the stack, the transition, the shelf, the open
/// book and the reading view.
extension FolioApp {
    /// The state trace's frame `frame` at time `t` (`--trace`, docs/SCRIPTS.md).
    public func trace(frame: Int, t: Double) -> TraceFrame {
        let transition = navigation.transition.map {
            TraceFrame.Transition(operation: $0.operation, state: $0.state.phase, progress: $0.progress, interactive: $0.isInteractive)
        }
        let poses = self.poses
        let shelfFrame = TraceFrame.Shelf(
            position: shelf.position, stride: shelf.layout.stride, centred: shelf.centredIndex,
            covers: shelf.covers(in: poses[shelf]).map {
                TraceFrame.Cover(book: $0.book, scale: $0.scale, alpha: $0.alpha,
                                 progress: bookcase.progress(ofBook: $0.book).map { $0.finished ? 1 : $0.fraction })
            }, count: shelf.order.count, series: shelf.series?.name)
        var bookFrame: TraceFrame.Book?
        if let showing = doors.bookShowing {
            let book = showing.book
            let inTransition = navigation.transition != nil
            let pages = Self.pages(of: showing, at: poses).map { state in
                TraceFrame.Page(page: state.pose.page, ratio: state.pose.ratio, angle: state.angle,
                                visible: state.alpha > 0 && book.layer(state).isFrontFacing,
                                scale: inTransition ? state.scale : nil, tx: inTransition ? state.tx : nil,
                                alpha: inTransition ? state.alpha : nil)
            }
            var zoom: TraceFrame.Zoom?
            if let z = reading?.zoom, !z.current.isIdentity || !z.target.isIdentity {
                zoom = TraceFrame.Zoom(scale: z.current.scale, x: z.current.offset.x, y: z.current.offset.y, target: z.target.scale)
            }
            let known = library.books.indices.contains(book.bookIndex) ? library.books[book.bookIndex] : nil
            bookFrame = TraceFrame.Book(index: book.bookIndex, title: known?.title ?? "",
                                        direction: book.mirrored ? "rtl" : "ltr", offset: book.offset,
                                        pageCount: book.layout.pageCount, pages: pages, zoom: zoom)
        }
        var traced = TraceFrame(frame: frame, t: t, size: [size.width, size.height], stack: navigation.visibleScenes.map(\.kind),
                  transition: transition, shelf: shelfFrame, book: bookFrame, reading: tracedReading(),
                  contents: modals.first(ContentsContext.self).flatMap { $0.traced(in: self) },
                  search: modals.first(SearchContext.self).map { $0.traced })
        for scene in navigation.visibleScenes { scene.trace(into: &traced) }
        return traced
    }

    /// The pages `showing` draws at its pose.
    private static func pages(of showing: some BookShowing, at poses: ScenePoses) -> [PageState] {
        showing.pages(in: poses[showing])
    }

    /// The reading view's state, while it is on the stack.
    private func tracedReading() -> TraceFrame.Reading? {
        guard let reading = reading, navigation.scenes.contains(where: { $0 === reading }),
              library.books.indices.contains(reading.book.bookIndex) else { return nil }
        let book = reading.book
        let numbering = library.books[book.bookIndex].numbering
        let visible = reading.pageRead.map { numbering.number(ofDisplayPage: $0).map { [$0] } ?? [] }
            ?? numbering.numbers(leaf: book.currentLeaf)
        let shown = reading.visiblePlaces().compactMap { place in
            numbering.number(ofDisplayPage: place.page).map {
                TraceFrame.Visible(page: $0, top: place.top, bottom: place.bottom,
                                   label: library.books[book.bookIndex].label(ofNumber: $0))
            }
        }
        return TraceFrame.Reading(pages: book.layout.readingPages == 1 ? "one" : "two", fit: reading.fit.rawValue,
                                  zoom: reading.column?.zoom ?? reading.zoom.current.scale / reading.fitTransform(top: true).scale,
                                  visiblePages: visible, mode: reading.isContinuous ? "continuous" : "pages", visible: shown)
    }
}
