import Foundation
import Testing

/// SDL is drawing, and drawing lives in one room: only FolioSDL (the window, the renderer,
/// events and text) and the executable's entry import it. Decoding makes plain pixels
/// (`PagePixels`), and SDL_image, where the worker reads QOI with it, is reached through a C
/// bridge that gives plain RGBA.
struct SDLRoomTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func onlyFolioSDLAndTheExecutableImportSDL() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "the sources were not found at \(Self.sources.path)")
        let outside = try files.filter { path in
            let target = path.split(separator: "/").first.map(String.init) ?? ""
            guard target != "FolioSDL", target != "folio" else { return false }
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            return text.split(separator: "\n").contains { $0.hasPrefix("import CSDL2") || $0.hasPrefix("@testable import CSDL2") }
        }
        #expect(outside.isEmpty, "these import SDL outside FolioSDL: \(outside)")
    }
}
