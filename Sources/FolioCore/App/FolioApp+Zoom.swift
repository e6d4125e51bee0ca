import RealModule

/// Zoom and pan live in the reading view: the wheel there, the zoom keys and a double-click
/// zoom about the pointer (`BookZoom`); a drag pans while zoomed (`ReadingScene`). In the 3D
/// book a double-click lays the book flat.
extension FolioApp {
    /// The window point zooms are centred on: the pointer's last place, else the centre.
    var zoomPoint: Point {
        lastPointer ?? Point(x: size.width / 2, y: size.height / 2)
    }

    /// The reading view at rest on top of the stack (no transition), if any.
    var restingReading: ReadingScene? {
        guard navigation.transition == nil else { return nil }
        return navigation.top as? ReadingScene
    }

    /// The book (3D or flat) at rest on top of the stack: where clicks wait for a second.
    private var restingPages: Bool {
        navigation.transition == nil && navigation.top is BookShowing
    }

    /// `dy` notches of the wheel: each multiplies the zoom by `BookZoom.stepFactor`.
    func zoomWheel(_ dy: Double) {
        restingReading?.magnify(by: Double.pow(BookZoom.stepFactor, dy), about: zoomPoint, at: animationTime)
    }

    /// Handles `key` if it is a zoom key in the reading view.
    func zoomKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard let book = restingReading else { return false }
        switch KeyBindings.action(for: key, modifiers, in: .reading) {
        case .zoomIn?: book.magnify(by: BookZoom.stepFactor, about: zoomPoint, at: animationTime)
        case .zoomOut?: book.magnify(by: 1 / BookZoom.stepFactor, about: zoomPoint, at: animationTime)
        case .zoomReset?: book.unzoom(at: animationTime)
        default: return false
        }
        return true
    }

    /// A pointer gesture: in the open book a click in the window's middle third waits for a
    /// possible second one (a double-click lays the 3D book flat, or zooms the flat one in or
    /// back out); a click on either side turns at once, however quick the next; anything
    /// else acts at once, after a held click.
    func routePointer(_ gesture: PointerGesture) {
        if case .click(let point) = gesture, stripClick(at: point) { return }
        guard restingPages else {
            clicks.cancel()
            route(.pointer(gesture))
            return
        }
        if case .click(let point) = gesture {
            let third = size.width / 3
            if point.x >= third && point.x <= size.width - third {
                clicked(clicks.click(point, at: time))
            } else {
                clicked(clicks.flush())
                route(.pointer(gesture))
            }
        } else {
            clicked(clicks.flush())
            route(.pointer(gesture))
        }
    }

    /// Lets a held click act once no second click came in time.
    func releaseHeldClick() {
        guard clicks.isHolding else { return }
        guard restingPages else { return clicks.cancel() }
        clicked(clicks.update(at: time))
    }

    private func clicked(_ output: DoubleClickRecognizer.Output?) {
        switch output {
        case .click(let point)?:
            route(.pointer(.click(point)))
        case .doubleClick(let point)?:
            guard let book = restingReading else { return openReading() }
            if book.zoom.isZoomed {
                book.unzoom(at: animationTime)
            } else {
                book.magnify(to: BookZoom.doubleClickScale, about: point, at: animationTime)
            }
        case nil:
            break
        }
    }

    /// `list` with the book's zoom applied to every layer on screen.
    func zoomed(_ list: DrawList) -> DrawList {
        var out = list
        // Flat pages are drawn larger than in the 3D book: their textures are made larger.
        let flat = pose.flatness > 0 ? (book?.layout.readingScale ?? 1) : 1
        out.magnification = max(flat, 1)
        guard let zoom = reading?.zoom, !zoom.current.isIdentity || !zoom.target.isIdentity else { return out }
        // A fit's zoom grows in as the book lies flat, and out as it rises again.
        let screen = pose.flatness < 1 ? ScreenTransform.identity.mixed(with: zoom.current, pose.flatness) : zoom.current
        for i in out.layers.indices { out.layers[i].screen = screen }
        out.magnification = max(flat, 1) * max(screen.scale, zoom.target.scale)
        return out
    }
}
