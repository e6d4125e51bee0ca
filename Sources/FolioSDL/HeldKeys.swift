import FolioCore

/// A held key turns no faster than the pages come: a keyboard repeat that would turn the book
/// onto a spread acts only once every page of that spread has something to draw (its image,
/// or its small version while that is decoded), never onto numbered placeholders. With the
/// decoders behind (a slow disk, both cores busy), a held Right waits on the next spread, and
/// a repeat that came meanwhile is dropped: a held key repeats again soon. The pages ahead are
/// wanted all the while (`Prefetch`), small versions first. A single press always acts.
public enum HeldKeys {
    public static func repeatActs(_ input: InputEvent, app: FolioApp, canShow: (LayerContent) -> Bool) -> Bool {
        guard case .key(let key, let modifiers) = input else { return true }
        return app.pagesTurnedTo(by: key, modifiers).allSatisfy(canShow)
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
