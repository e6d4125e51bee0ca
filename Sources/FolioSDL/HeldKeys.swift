import FolioCore

/// A held key turns no faster than the pages come: a keyboard repeat that would turn the book
/// onto a spread acts only once every page of that spread has something to draw (its image,
/// or its small version while that is decoded), never onto numbered placeholders. With the
/// decoders behind (a slow disk, both cores busy), a held Right waits on the next spread, and
/// a repeat that came meanwhile is dropped: a held key repeats again soon. The pages ahead are
/// wanted all the while (`Prefetch`), small versions first. A single press always acts, and
/// so does a repeat held back for `patience` (a stalled decoder never stops a held key).
public struct HeldKeys {
    /// Seconds a held key waits on a spread before it turns onto it all the same.
    public static let patience = 0.5
    /// When the repeats began to be held back (nil: the last one acted).
    private var waitingSince: Double?

    public init() {}

    /// Whether a repeat of `input` at `time` acts; `canShow` says whether a page can be shown.
    public mutating func repeatActs(_ input: InputEvent, app: FolioApp, at time: Double, canShow: (LayerContent) -> Bool) -> Bool {
        guard case .key(let key, let modifiers) = input,
              !app.pagesTurnedTo(by: key, modifiers).allSatisfy(canShow) else {
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
}

extension Renderer {
    /// True when `content` can be drawn as more than a numbered placeholder (a page with no
    /// image, blank paper, always can).
    public func canShow(_ content: LayerContent) -> Bool {
        guard let source = library.image(for: content) else { return true }
        return textures.canShow(source, side: side(of: content), spans: library.spansSpread(content))
    }
}
