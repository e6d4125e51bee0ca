/// A held key in a book turns no faster than its pages come: the keyboard's repeat acts only
/// when the last frame drew no page as a placeholder. With the decoders behind (a slow disk,
/// both cores busy), a held Right waits on the page it turned to until that page (or its small
/// version) is there, and then goes on; a repeat that came meanwhile is dropped, as a held key
/// repeats again soon. On the shelf, or with the pages keeping up, every repeat acts.
public enum HeldKeys {
    public static func repeatActs(after frame: FrameTextureWork, bookOpen: Bool) -> Bool {
        !bookOpen || frame.waiting == 0
    }
}
