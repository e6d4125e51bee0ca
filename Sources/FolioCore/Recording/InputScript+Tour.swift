extension InputScript {
    /// Seconds a tour lasts unless `record --duration` says otherwise.
    public static let tourDuration = 20.0

    /// The pages a tour of a book of `pageCount` pages stops at, in the reader's numbering:
    /// the cover (1), up to two pages in the middle (a third and two thirds of the way), and
    /// the last page, each on a spread of its own (a book of a few pages has fewer stops).
    public static func tourStops(pageCount: Int) -> [Int] {
        let count = max(pageCount, 1)
        // The spread a page is on: the cover alone, then the pages two by two.
        func leaf(_ number: Int) -> Int { number == 1 ? -1 : (number - 2) / 2 }
        var stops = [1]
        for number in [Int((Double(count) / 3).rounded()), Int((2 * Double(count) / 3).rounded())]
        where number > 1 && number < count && !stops.contains(where: { leaf($0) == leaf(number) }) && leaf(number) != leaf(count) {
            stops.append(number)
        }
        if count > 1 { stops.append(count) }
        return stops
    }

    /// A flip-through of the first book on the shelf, for `record --tour`: the shelf, the
    /// book opening (Enter), laid flat to read (Enter), the cover (Home), a page number typed
    /// for each stop in the middle (the leaves riffle there), the last page (End), back to
    /// the book in 3D (Escape) and shut on the shelf (Escape), pausing on every stop.
    ///
    /// Each step leaves its animation the time it takes (the opening 1 s, laying flat 0.5 s,
    /// a riffle at most 0.6 s, see `BookOpeningTransition`, `ReadingTransition` and
    /// `BookScene.riffleTime`); the pauses share the rest of `duration`, so the timing scales
    /// with it. A duration too short for the animations squeezes everything alike.
    public static func tour(pageCount: Int, duration: Double = tourDuration,
                            size: Size = Size(width: 1280, height: 800), fps: Double = 60) -> InputScript {
        let stops = tourStops(pageCount: pageCount)
        /// One step: the keys pressed (a short beat apart), the seconds its animation needs
        /// after the last, and the share of the pauses that follows.
        typealias Step = (keys: [Key], motion: Double, pause: Double)
        let typing = 0.12
        var steps: [Step] = [([], 0.3, 0.6)]                           // the shelf, centred on the book
        steps.append(([.return], 1.1, 0.4))                            // opens in 3D
        steps.append(([.return], 0.6, 0))                              // lies flat
        steps.append(([.home], 0.7, 1.0))                              // the cover
        for number in stops.dropFirst() where number != stops.last {   // riffles to the middle
            let digits = String(number).map { d in Key(rawValue: String(d))! }
            steps.append((digits + [.return], 0.7, 1.0))
        }
        if stops.count > 1 { steps.append(([.end], 0.7, 1.0)) }        // the last page
        steps.append(([.escape], 0.6, 0.3))                            // back to 3D
        steps.append(([.escape], 1.1, 0.6))                            // shut on the shelf

        let total = max(duration.isFinite ? duration : tourDuration, 0.1)
        let typed = steps.reduce(0.0) { $0 + Double(max($1.keys.count - 1, 0)) * typing }
        let motion = steps.reduce(typed) { $0 + $1.motion }
        let shares = steps.reduce(0.0) { $0 + $1.pause }
        // Seconds per share of pause; when the animations alone do not fit, all is squeezed.
        let perShare = max(total - motion, 0) / shares
        let squeeze = min(1, total / motion)

        var events: [(t: Double, event: Event)] = []
        var t = 0.0
        for step in steps {
            for (k, key) in step.keys.enumerated() {
                if k > 0 { t += typing * squeeze }
                events.append((t, .input(.key(key))))
            }
            t += step.motion * squeeze + step.pause * perShare
        }
        var script = InputScript(size: size, fps: fps, duration: total, events: events)
        script.start = Start(centred: 0)
        return script
    }
}
