import FolioCore

/// A key turns no faster than the pages come. A keyboard repeat that would turn the book onto
/// a spread acts only once every page of that spread has something to draw (its image, or its
/// small version while that is decoded), never onto numbered placeholders: with the decoders
/// behind (a slow disk, both cores busy), a held Right waits on the next spread, and a repeat
/// that came meanwhile is dropped (a held key repeats again soon), for at most `patience`. A
/// single press onto such a spread waits too, as a reader that draws a page before it shows
/// it does, but for at most `pressPatience`, and acts before any key after it. The pages ahead
/// are wanted all the while (`Prefetch`), small versions first. A stalled decoder never stops
/// a key: past its patience it turns all the same.
public struct HeldKeys {
    /// Seconds a held key waits on a spread before it turns onto it all the same.
    public static let patience = 0.5
    /// Seconds a single press waits on the spread it turns onto (a small version takes 20 ms
    /// to decode on a quiet machine, about 110 ms with both cores busy).
    public static let pressPatience = 0.2
    /// When the repeats began to be held back (nil: the last one acted).
    private var waitingSince: Double?
    /// A press waiting on the spread it turns onto, and since when.
    private var waitingPress: (input: InputEvent, since: Double)?

    public init() {}

    /// True while a press waits on its spread (the viewer keeps looking each frame).
    public var isWaiting: Bool { waitingPress != nil }

    /// Whether a repeat of `input` at `time` acts; `canShow` says whether a page can be shown.
    /// A repeat that comes while a press waits is dropped: the press turns first.
    public mutating func repeatActs(_ input: InputEvent, app: FolioApp, at time: Double, canShow: (LayerContent) -> Bool) -> Bool {
        guard waitingPress == nil else { return false }
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

    /// The press still waiting, to act before `input` (any input but the pointer's moves):
    /// keys act in the order they were pressed.
    public mutating func takeWaiting(before input: InputEvent) -> InputEvent? {
        if case .pointerMoved = input { return nil }
        defer { waitingPress = nil }
        return waitingPress?.input
    }

    /// Whether a press of `input` at `time` acts now; if not, it waits (`due`).
    public mutating func pressActs(_ input: InputEvent, app: FolioApp, at time: Double, canShow: (LayerContent) -> Bool) -> Bool {
        guard waitingPress == nil, Self.waits(input, app: app, canShow: canShow) else { return true }
        waitingPress = (input, time)
        return false
    }

    /// A press of `input` at `time`, as the viewer takes it: the press waiting before it acts
    /// first (`takeWaiting`), then `input` unless it waits on its spread (`pressActs`).
    public mutating func press(_ input: InputEvent, app: FolioApp, at time: Double, canShow: (LayerContent) -> Bool,
                               act: (InputEvent) -> Void) {
        if let waiting = takeWaiting(before: input) { act(waiting) }
        if pressActs(input, app: app, at: time, canShow: canShow) { act(input) }
    }

    /// The waiting press, once its spread can be shown or its patience is over (nil: none, or
    /// it waits on).
    public mutating func due(app: FolioApp, at time: Double, canShow: (LayerContent) -> Bool) -> InputEvent? {
        guard let press = waitingPress,
              time - press.since >= Self.pressPatience || !Self.waits(press.input, app: app, canShow: canShow) else { return nil }
        waitingPress = nil
        return press.input
    }

    /// True when `input` is a key that would turn onto a page that has nothing to draw yet.
    private static func waits(_ input: InputEvent, app: FolioApp, canShow: (LayerContent) -> Bool) -> Bool {
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
