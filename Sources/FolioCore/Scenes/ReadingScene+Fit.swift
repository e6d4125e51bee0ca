/// Fit modes in the reading view: the whole page, its width or its height to the window. In
/// fit width the page is scrolled down by the wheel, the arrows, Space and PageDown, and
/// turns once its end is on screen; a new page comes at its top (its bottom, going back).
extension ReadingScene {
    /// The zoom that fits the page (or spread) on screen as `fit` says, at the page's top
    /// (`top`) or bottom; the start of a wide page, from the side reading starts.
    func fitTransform(top: Bool) -> ScreenTransform { fitTransform(top ? .top : .bottom) }

    /// The zoom that fits the page (or spread) on screen as `fit` says, showing `arrival`'s
    /// part of it: its top, its bottom, or a place on it a third of the way down the window;
    /// the start of a wide page, from the side reading starts.
    func fitTransform(_ arrival: ReadingPlace.Arrival) -> ScreenTransform {
        let frame = book.layout.readingFrame, area = book.layout.readingArea
        guard frame.size.width > 0, frame.size.height > 0 else { return .identity }
        switch fit {
        case .page:
            return .identity
        case .width:
            let k = area.size.width / frame.size.width
            let y: Double
            switch arrival {
            case .top: y = area.minY - k * frame.minY
            case .bottom: y = area.maxY - k * frame.maxY
            case .at(let fraction):
                y = viewport.height / 3 - k * (frame.minY + clamp(fraction, 0, 1) * frame.size.height)
            case .line(let fraction):
                y = -k * (frame.minY + clamp(fraction, 0, 1) * frame.size.height)
            }
            return ScreenTransform(scale: k, offset: Point(x: area.midX - k * frame.midX, y: y))
        case .height:
            let k = area.size.height / frame.size.height
            let x = book.mirrored ? area.maxX - k * frame.maxX : area.minX - k * frame.minX
            return ScreenTransform(scale: k, offset: Point(x: x, y: area.midY - k * frame.midY))
        }
    }

    /// The zoom to remember for this book: where the zoom is going, over the fit's (nil when
    /// it is the fit's own), about the page point at the window's centre (within the page).
    public var rememberedZoom: RememberedZoom? {
        zoomPlace.flatMap { RememberedZoom(scale: $0.scale, x: $0.x, y: $0.y) }
    }

    /// Where the zoom is going, as a place on the page: its magnification over the fit's and
    /// the page point at the viewport's centre (fractions of the flat page, within it).
    var zoomPlace: (scale: Double, x: Double, y: Double)? {
        let frame = book.layout.readingFrame
        let fitScale = fitTransform(top: true).scale
        guard frame.size.width > 0, frame.size.height > 0, fitScale > 0 else { return nil }
        let centre = zoom.target.unapply(Point(x: viewport.width / 2, y: viewport.height / 2))
        return (zoom.target.scale / fitScale, clamp((centre.x - frame.minX) / frame.size.width, 0, 1),
                clamp((centre.y - frame.minY) / frame.size.height, 0, 1))
    }

    /// Shows `remembered` at once: the fit's magnification times its scale (within 1…4),
    /// its page point at the viewport's centre as far as the clamp allows.
    func settle(on remembered: RememberedZoom) {
        settle(scale: remembered.scale, x: remembered.x, y: remembered.y)
    }

    /// Shows `scale` times the fit's magnification (within 1…4) at once, the page point
    /// (`x`, `y`: fractions of the flat page) at the viewport's centre as far as the clamp
    /// allows.
    func settle(scale: Double, x: Double, y: Double) {
        let frame = book.layout.readingFrame
        guard frame.size.width > 0, frame.size.height > 0 else { return }
        let k = clamp(fitTransform(top: true).scale * scale, 1, BookZoom.maxScale)
        let p = Point(x: frame.minX + x * frame.size.width, y: frame.minY + y * frame.size.height)
        zoom.settle(on: ScreenTransform(scale: k, offset: Point(x: viewport.width / 2 - k * p.x, y: viewport.height / 2 - k * p.y)))
    }

    /// The thumbnail strip takes `inset` points at the window's bottom (0: none shows): the
    /// page makes room above it, at once, as the strip shows at once; the zoom keeps its
    /// magnification over the fit's and the place on the page at the viewport's centre.
    public func makeRoom(bottom inset: Double) {
        guard inset != book.layout.bottomInset else { return }
        defer { column?.relayout(viewport: viewport, area: book.layout.readingArea, fit: fit) }
        let kept = zoomPlace
        let atFit = zoom.target == zoom.clamped(fitTransform(top: true))
        book.makeRoom(bottom: inset)
        zoom = BookZoom(window: viewport, spread: book.layout.readingFrame)
        zoom.settle(on: fitTransform(top: true))
        // The fit's own view from the page's top stays so; any other keeps its place.
        if let kept, !atFit { settle(scale: kept.scale, x: kept.x, y: kept.y) }
    }

    /// Shows the book fitted as `mode` says, at the top of the page.
    public func fit(_ mode: FitMode, at time: Double) {
        fit = mode
        column?.relayout(viewport: viewport, area: book.layout.readingArea, fit: mode)
        zoom.track(spread: book.layout.readingFrame)
        zoom.reset(at: time)
        zoom.show(fitTransform(.top), at: time)
    }

    /// The next fit (W): the whole page, its width, its height; returns its name.
    func cycleFit(at time: Double) -> String {
        fit(fit.next, at: time)
        return fit.name
    }

    /// The next page mode (D): automatic, one, two; returns its name.
    func cyclePageMode(at time: Double) -> String {
        show(pageMode.next, at: time)
        return pageMode.name(automaticPages: book.layout.automaticReadingPages)
    }

    /// Scrolls the page a screenful down (or up), less a line (`ReadingPlace.overlap`) that
    /// the next screenful shows again, as zathura's and evince's steps do; false when its end
    /// is already on screen (the caller turns instead).
    func scrollPage(down: Bool, at time: Double) -> Bool {
        guard zoom.isZoomed else { return false }
        let step = (1 - ReadingPlace.overlap) * viewport.height
        return abs(zoom.scroll(by: down ? -step : step, at: time)) > 0.5
    }

    /// Wheel notches in fit width (positive: up): the page scrolls 120 points a notch;
    /// past its end, a notch more turns to the next page (or back).
    public func scrollWheel(_ notches: Double, at time: Double) {
        let moved = zoom.scroll(by: notches * 120 * book.layout.unit, at: time)
        guard abs(moved) < 0.5 else {
            overscroll = 0
            return
        }
        overscroll += notches
        if abs(overscroll) >= 1 {
            let down = overscroll < 0
            overscroll = 0
            turn(down ? .next : .previous, arriving: down ? .top : .bottom, at: time)
            followPage(at: time)
        }
    }

    /// Notes the page on screen: a turn (or one page at a time, the other page) brings the
    /// fit's view of the new page where the move that brought it says (`arrival`: its top
    /// unless reading back or End, its bottom); with the whole page fitted, the zoom glides
    /// back to it (it was about a place on the old page).
    func followPage(at time: Double) {
        // The side counts one page at a time only (two pages show both sides at once).
        let now = (leaf: book.currentLeaf, side: book.layout.readingPages == 1 ? book.focus.side : .left)
        guard now.leaf != shownPage.leaf || now.side != shownPage.side else { return }
        shownPage = now
        zoom.track(spread: book.layout.readingFrame)
        zoom.reset(at: time)
        if fit != .page { zoom.show(fitTransform(arrival ?? .top), at: time) }
    }
}
