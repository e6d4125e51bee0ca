import CSDL2

/// A decoded SDL surface with exactly one owner, which frees it once, when it goes: decoding
/// wraps the surface as soon as it exists, the decode worker's queue holds it, the upload
/// takes it. Nothing else frees `pointer`.
package final class OwnedSurface: @unchecked Sendable {
    // Unchecked because `pointer` is not Sendable. Safe: the pointer never changes and is
    // freed only by deinit, which runs once; the pixels are written before the surface is
    // wrapped and only read afterwards, and the worker hands an owner to the main thread
    // through its lock, so no two threads use a surface at once.
    package let pointer: UnsafeMutablePointer<SDL_Surface>

    package init(_ pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
    }

    deinit {
        SDL_FreeSurface(pointer)
    }
}
