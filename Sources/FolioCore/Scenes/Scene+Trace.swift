/// Each built-in scene's part of the state trace (`FolioApp.trace`, docs/SCRIPTS.md): the
/// scene says what it shows; the app only puts the parts together.
extension ShelfScene {
    /// The shelf as drawn at `pose`: where it is scrolled, the centred book, every cover.
    func traced(at pose: Pose) -> TraceFrame.Shelf {
        TraceFrame.Shelf(
            position: position, stride: layout.stride, centred: centredIndex,
            covers: covers(in: pose).map {
                TraceFrame.Cover(book: $0.book, scale: $0.scale, alpha: $0.alpha,
                                 progress: readings?.progress(ofBook: $0.book).map { $0.finished ? 1 : $0.fraction })
            }, count: order.count, series: series?.name)
    }
}

extension BookShowing {
    /// The open book as this scene draws it at `poses`: its pages, with their motion while
    /// a transition runs (`inTransition`), titled `title`, zoomed as `zoom` says.
    func traced(at poses: ScenePoses, inTransition: Bool, title: String, zoom: TraceFrame.Zoom?) -> TraceFrame.Book {
        let book = self.book
        let pages = self.pages(in: poses[self]).map { state in
            TraceFrame.Page(page: state.pose.page, ratio: state.pose.ratio, angle: state.angle,
                            visible: state.alpha > 0 && book.layer(state).isFrontFacing,
                            scale: inTransition ? state.scale : nil, tx: inTransition ? state.tx : nil,
                            alpha: inTransition ? state.alpha : nil)
        }
        return TraceFrame.Book(index: book.bookIndex, title: title, direction: book.mirrored ? "rtl" : "ltr",
                               offset: book.offset, pageCount: book.layout.pageCount, pages: pages, zoom: zoom)
    }
}

extension ReadingScene {
    /// The zoom, while the view is zoomed or on its way to or from a zoom.
    var tracedZoom: TraceFrame.Zoom? {
        guard !zoom.current.isIdentity || !zoom.target.isIdentity else { return nil }
        return TraceFrame.Zoom(scale: zoom.current.scale, x: zoom.current.offset.x, y: zoom.current.offset.y, target: zoom.target.scale)
    }

    /// The reading view's state, its pages counted by `numbering`.
    func traced(numbering: PageNumbering) -> TraceFrame.Reading {
        let visible = pageRead.map { numbering.number(ofDisplayPage: $0).map { [$0] } ?? [] }
            ?? numbering.numbers(leaf: book.currentLeaf)
        let shown = visiblePlaces().compactMap { place in
            numbering.number(ofDisplayPage: place.page).map {
                TraceFrame.Visible(page: $0, top: place.top, bottom: place.bottom, label: numbering.label(ofNumber: $0))
            }
        }
        return TraceFrame.Reading(pages: book.layout.readingPages == 1 ? "one" : "two", fit: fit.rawValue,
                                  zoom: column?.zoom ?? zoom.current.scale / fitTransform(top: true).scale,
                                  visiblePages: visible, mode: isContinuous ? "continuous" : "pages", visible: shown)
    }
}
