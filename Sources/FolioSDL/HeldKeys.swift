import FolioCore

/// A key turns no faster than the pages come. A keyboard repeat that would turn the book onto
/// a spread acts only once every page of that spread has something to draw (its image, or its
/// small version while that is decoded), never onto numbered placeholders: with the decoders
/// behind (a slow disk, both cores busy), a held Right waits on the next spread, and a repeat
/// that came meanwhile is dropped (a held key repeats again soon), for at most `patience`. A
/// single press onto such a spread waits too, as a reader that draws a page before it shows
/// it does, but for at most `pressPatience`: another press of the same key waits behind it,
/// any other key lets it on first. The pages ahead are wanted all the while (`Prefetch`),
/// small versions first. A stalled decoder never stops a key: past its patience it turns all
/// the same.
public struct HeldKeys {
    /// Seconds a held key waits on a spread before it turns onto it all the same.
    public static let patience = 0.5
    /// Seconds a single press waits on the spread it turns onto (a small version takes 20 ms
    /// to decode on a quiet machine, about 110 ms with both cores busy).
    public static let pressPatience = 0.2
    /// When the repeats began to be held back (nil: the last one acted).
    private var waitingSince: Double?
    /// Presses waiting on the spreads they turn onto, in order, and since when the first has
    /// waited (a press of the same key again waits behind them: a quick run of Right presses
    /// turns as the pages come, one leaf at a time, none onto placeholders).
    private var waitingPresses: [InputEvent] = []
    private var firstWaitingSince = 0.0

    public init() {}

    /// True while a press waits on its spread (the viewer keeps looking each frame).
    public var isWaiting: Bool { !waitingPresses.isEmpty }

    /// Whether a repeat of `input` at `time` acts; `canShow` says whether a page can be shown.
    /// A repeat that comes while a press waits is dropped: the press turns first.
    public mutating func repeatActs(_ input: InputEvent, app: any DrawnApp, at time: Double, canShow: (LayerContent) -> Bool) -> Bool {
        guard waitingPresses.isEmpty else { return false }
        guard Self.waits(input, app: app, canShow: canShow) else {
            waitingSince = nil
            return true
        }
        guard let since = waitingSince else {
            waitingSince = time
            return false
        }
        guard time - since >= Self.patience else { return false }
        waitingSince = nil
        return true
    }

    /// The presses still waiting, to act before `input`: any input but the pointer's moves
    /// and another press of the same key (which waits behind them). Keys act in the order
    /// they were pressed.
    public mutating func takeWaiting(before input: InputEvent) -> [InputEvent] {
        if case .pointerMoved = input { return [] }
        if waitingPresses.last == input { return [] }
        defer { waitingPresses = [] }
        return waitingPresses
    }

    /// Whether a press of `input` at `time` acts now; if not, it waits (`due`): behind the
    /// presses already waiting, or on its own spread.
    public mutating func pressActs(_ input: InputEvent, app: any DrawnApp, at time: Double, canShow: (LayerContent) -> Bool) -> Bool {
        if waitingPresses.isEmpty {
            guard Self.waits(input, app: app, canShow: canShow) else { return true }
            firstWaitingSince = time
        }
        waitingPresses.append(input)
        return false
    }

    /// A press of `input` at `time`, as the viewer takes it: the presses waiting before it act
    /// first (`takeWaiting`), then `input` unless it waits (`pressActs`).
    public mutating func press(_ input: InputEvent, app: any DrawnApp, at time: Double, canShow: (LayerContent) -> Bool,
                               act: (InputEvent) -> Void) {
        for waiting in takeWaiting(before: input) { act(waiting) }
        if pressActs(input, app: app, at: time, canShow: canShow) { act(input) }
    }

    /// The first waiting press, once its spread can be shown or it has waited
    /// `pressPatience` (nil: none, or it waits on). One a call: the next waits from now.
    public mutating func due(app: any DrawnApp, at time: Double, canShow: (LayerContent) -> Bool) -> InputEvent? {
        guard let press = waitingPresses.first,
              time - firstWaitingSince >= Self.pressPatience || !Self.waits(press, app: app, canShow: canShow) else { return nil }
        waitingPresses.removeFirst()
        firstWaitingSince = time
        return press
    }

    /// True when `input` is a key that would turn onto a page that has nothing to draw yet.
    private static func waits(_ input: InputEvent, app: any DrawnApp, canShow: (LayerContent) -> Bool) -> Bool {
        guard case .key(let key, let modifiers) = input else { return false }
        return !app.pagesTurnedTo(by: key, modifiers).allSatisfy(canShow)
    }
}

extension Renderer {
    /// True when `content` can be drawn as more than a numbered placeholder (a page with no
    /// image, blank paper, always can).
    public func canShow(_ content: LayerContent) -> Bool {
        guard let source = library.image(for: content) else { return true }
        return textures.canShow(source, side: side(of: content), spans: library.spansSpread(content))
    }
}
