/// Clicks in the open book (3D or flat): a click in the window's middle third waits for a
/// possible second one, and a double-click goes to the scene (the 3D book lies flat, the flat
/// one zooms in or back out); a click on either side turns at once, however quick the next;
/// anything else acts at once, after a held click. A click on a modal context (the strip's
/// band) is the context's.
extension FolioApp {
    /// The book (3D or flat) at rest on top of the stack: where clicks wait for a second.
    private var restingPages: Bool {
        navigation.transition == nil && navigation.top is BookShowing
    }

    func routePointer(_ gesture: PointerGesture) {
        if case .click(let point) = gesture, modals.answer({ $0.click(at: point, in: self) }) { return }
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
        case .click(let point)?: route(.pointer(.click(point)))
        case .doubleClick(let point)?: route(.doubleClick(point))
        case nil: break
        }
    }
}
