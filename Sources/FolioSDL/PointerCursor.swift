import CSDL2
import FolioCore

/// The window's pointer: the hand over a link, the arrow elsewhere. The window's thread only;
/// the live viewer owns one.
final class PointerCursor {
    private var shown = DrawList.PointerShape.arrow
    private var hand: OpaquePointer?

    /// Shows `pointer` (SDL is asked only when it changes).
    func show(_ pointer: DrawList.PointerShape) {
        guard pointer != shown else { return }
        shown = pointer
        if pointer == .link, hand == nil { hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND) }
        SDL_SetCursor(pointer == .link ? hand : SDL_GetDefaultCursor())
    }

    deinit {
        if let hand { SDL_FreeCursor(hand) }
    }
}
