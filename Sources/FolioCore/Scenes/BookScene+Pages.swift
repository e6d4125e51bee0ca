/// The open book's pages as drawn: which pages a pose shows, each page's angle, scale and
/// place between closed, open and flat, and the layers that draw them.
extension BookScene {
    /// The pages to draw: those the open layout poses, plus the cover's leaf while the book
    /// is not fully open (the closed book shows its cover). Once the leaves left of the spine
    /// have gathered into one block, only its two faces are drawn: the page on top and the
    /// cover underneath.
    public func pageIndices(openness: Double = 1, flatness: Double = 0) -> [Int] {
        if flatness == 1 {
            let range = layout.readingPageRange(offset: offset)
            guard layout.readingPages == 1 else { return Array(range) }
            // One page at a time: the page read, the leaves turning, and while the view slides
            // across the spread both its pages; never the page beside it at rest.
            return range.filter { page in
                let ratio = layout.flatRatio(of: page, offset: offset)
                let onSpread = page == 2 * currentLeaf + 1 || page == 2 * currentLeaf + 2
                return page == focusPage || abs(ratio) < 1 || (focus.isSliding && !isTurning && onSpread)
            }
        }
        let range = layout.pageRange(offset: offset)
        guard openness != 1, layout.pageCount >= 2 else { return Array(range) }
        let top = leftTopLeaf
        let gathered = BookScene.gathering(openness) == 0 && top > 0
        let pages = (range.lowerBound > 0 ? [0, 1] : []) + Array(range)
        return pages.filter { !gathered || $0 / 2 > top || $0 == 0 || $0 == 2 * top + 1 }
    }

    /// The highest leaf lying left of the spine (its back faces the reader), or −1.
    var leftTopLeaf: Int {
        let k = Int((offset / layout.size.width + 0.5).rounded(.up)) - 1
        return min(k, layout.leafCount - 1)
    }

    /// How far the left block is still fanned: 1 in the open book, falling to 0 over the
    /// last fifth of the openness, so the block turns as one for the rest of a transition.
    static func gathering(_ openness: Double) -> Double {
        let x = clamp((openness - 0.8) / 0.2, 0, 1)
        return x * x * (3 - 2 * x)
    }

    /// Closed pose (the tutorial's closePageCell): scale 0.7, shifted half a scaled page
    /// towards the spine's other side; right pages flat, left pages face down (angle π).
    public func closedPose(of page: Int) -> (angle: Double, tx: Double, scale: Double) {
        let shift = ShelfLayout.baseScale * layout.pageSize.width / 2
        return page % 2 == 0 ? (0, -shift, ShelfLayout.baseScale) : (Double.pi, shift, ShelfLayout.baseScale)
    }

    /// Every page as drawn in `pose` (the open book unless a transition says otherwise).
    public func pages(in pose: BookOpeningPose = .open) -> [PageState] {
        pages(openness: pose.openness, flatness: 0)
    }

    /// Every page at `openness` and, open, at the reading view's `flatness` (0 in 3D, 1 flat).
    /// Between closed and open each page mixes its closed and open angles; the leaves left of
    /// the spine take the angle of the block's top leaf (a closing book's left block turns
    /// over as one, no fan of standing leaves), fanning out only as the book comes fully open.
    func pages(openness t: Double, flatness f: Double) -> [PageState] {
        let o = offset
        let top = leftTopLeaf
        let fan = BookScene.gathering(t)
        let slide = layout.readingSlide(focus: focus.value)
        // Flat at rest, the reading view's eye (a leaf turning there stays in the window); on
        // the way in or out, the 3D book's, as the leaves fold.
        let eye = f == 1 ? layout.readingEyeDistance : layout.eyeDistance
        return pageIndices(openness: t, flatness: f).map { i in
            let pose = layout.pose(of: i, offset: o)
            if t == 1 && f > 0 {
                // Towards the reading view: each leaf's ratio moves to its flat one, the page
                // grows to the reading size and the spine rises to the reading view's middle.
                let ratio = mix(pose.ratio, layout.flatRatio(of: i, offset: o), f)
                return PageState(pose: pose, angle: BookLayout.angle(of: i, ratio: ratio),
                                 scale: mix(1, layout.readingScale, f), tx: 0, alpha: 1,
                                 rise: f * (layout.spine.y - layout.readingSpine.y), slide: f * slide,
                                 eye: eye)
            }
            if t == 1 {
                return PageState(pose: pose, angle: pose.angle, scale: 1, tx: 0, alpha: 1)
            }
            var open = pose.angle
            if i / 2 < top {
                // Same side of the same leaf as the block's top: its angle, plus what is left of the fan.
                let blockTop = layout.pose(of: 2 * top + i % 2, offset: o).angle
                open = blockTop + (pose.angle - blockTop) * fan
            }
            let closed = closedPose(of: i)
            return PageState(pose: pose, angle: mix(closed.angle, open, t),
                             scale: mix(closed.scale, 1, t), tx: mix(closed.tx, 0, t), alpha: 1)
        }
    }

    /// The layer that draws one page state.
    public func layer(_ state: PageState) -> Layer {
        let page = state.pose.page
        let content: LayerContent = page == layout.pageCount - 1 ? .backCover(book: bookIndex) : .page(book: bookIndex, page: page)
        var layer = layout.layer(page: page, content: content, angle: state.angle, tx: state.tx,
                                 scale: state.scale, opacity: state.alpha, eye: state.eye)
        layer.position.y -= state.rise
        layer.position.x += state.slide
        return mirrored ? layer.mirrored(acrossWidth: layout.size.width) : layer
    }

    public func layers(in pose: BookOpeningPose = .open) -> [Layer] {
        layers(openness: pose.openness, flatness: 0)
    }

    /// The layers of `pages(openness:flatness:)`.
    func layers(openness: Double, flatness: Double) -> [Layer] {
        // In the open book a page hidden by the tutorial's rule faces away: skip it early.
        pages(openness: openness, flatness: flatness).filter { openness != 1 || $0.pose.visible }.map(layer)
    }

    /// The open book's pages as drawn in `pose`, unzoomed: the box around their corners on
    /// screen (pages lean towards the reader in perspective, and the fan of leaves shows
    /// beside them), in window points.
    public func drawnBounds(in pose: BookOpeningPose = .open) -> Rect {
        var low = Point(x: Double.infinity, y: Double.infinity), high = Point(x: -Double.infinity, y: -Double.infinity)
        for layer in layers(in: pose) {
            let w = layer.size.width, h = layer.size.height
            for (x, y) in [(0, 0), (w, 0), (w, h), (0, h)] {
                guard let p = layer.project(x: x, y: y) else { continue }
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
        }
        guard low.x < high.x, low.y < high.y else { return layout.spreadFrame }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }
}
