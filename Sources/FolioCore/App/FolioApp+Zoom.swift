#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zoom and pan in an open book: the wheel past fully open, the zoom keys and a double-click
/// zoom about the pointer (`BookZoom`); a drag pans while zoomed (`BookScene`).
extension FolioApp {
    /// The window point zooms are centred on: the pointer's last place, else the centre.
    var zoomPoint: Point {
        lastPointer ?? Point(x: size.width / 2, y: size.height / 2)
    }

    /// The open book at rest on top of the stack (no transition), if any.
    var restingBook: BookScene? {
        guard navigation.transition == nil, let book, navigation.top === book else { return nil }
        return book
    }

    /// `dy` notches of the wheel: each multiplies the zoom by `BookZoom.stepFactor`.
    func zoomWheel(_ dy: Double) {
        restingBook?.magnify(by: pow(BookZoom.stepFactor, dy), about: zoomPoint, at: animationTime)
    }

    /// Handles `key` if it is a zoom key in the open book.
    func zoomKey(_ key: Key) -> Bool {
        guard let book = restingBook else { return false }
        switch KeyBindings.action(for: key, in: .book) {
        case .zoomIn?: book.magnify(by: BookZoom.stepFactor, about: zoomPoint, at: animationTime)
        case .zoomOut?: book.magnify(by: 1 / BookZoom.stepFactor, about: zoomPoint, at: animationTime)
        case .zoomReset?: book.unzoom(at: animationTime)
        default: return false
        }
        return true
    }

    /// A pointer gesture: in the open book a click waits for a possible second one (a
    /// double-click zooms in, or back out); anything else acts at once, after a held click.
    func routePointer(_ gesture: PointerGesture) {
        guard restingBook != nil else {
            clicks.cancel()
            route(.pointer(gesture))
            return
        }
        if case .click(let point) = gesture {
            clicked(clicks.click(point, at: time))
        } else {
            clicked(clicks.flush())
            route(.pointer(gesture))
        }
    }

    /// Lets a held click act once no second click came in time.
    func releaseHeldClick() {
        guard clicks.isHolding else { return }
        guard restingBook != nil else { return clicks.cancel() }
        clicked(clicks.update(at: time))
    }

    private func clicked(_ output: DoubleClickRecognizer.Output?) {
        switch output {
        case .click(let point)?:
            route(.pointer(.click(point)))
        case .doubleClick(let point)?:
            guard let book = restingBook else { return }
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
        guard let zoom = book?.zoom, !zoom.current.isIdentity || !zoom.target.isIdentity else { return list }
        var out = list
        for i in out.layers.indices { out.layers[i].screen = zoom.current }
        out.magnification = max(zoom.current.scale, zoom.target.scale)
        return out
    }
}
