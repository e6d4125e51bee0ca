import CSDL2
import FolioDecoding

/// Where decoded pages meet SDL: a page's pixels seen as an SDL surface (no copy), for
/// what SDL draws into them (a placeholder's text) and what reads them as SDL does.
extension PagePixels {
    /// The pixels' format, as SDL names it: bytes red, green, blue, alpha in that order.
    static let sdlFormat = SDL_PIXELFORMAT_RGBA32.rawValue

    /// `body` given an SDL surface over these pixels, valid during the call only; nil when
    /// SDL cannot make one.
    func withSurface<T>(_ body: (UnsafeMutablePointer<SDL_Surface>) throws -> T) rethrows -> T? {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(bytes, width, height, 32, Int32(pitch), Self.sdlFormat) else { return nil }
        defer { SDL_FreeSurface(surface) }
        return try withExtendedLifetime(self) { try body(surface) }
    }
}
