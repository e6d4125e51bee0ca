import Foundation
@testable import FolioCore
@testable import FolioSDL

extension HeadlessCanvas {
    /// Draws `app` until every page it shows and wants next is decoded (at most 40 tries, half
    /// a second each), then once more: the frame's pixels, RGB.
    func settledFrame(_ app: FolioApp) throws -> [UInt8] {
        for _ in 0..<40 {
            try draw(app)
            if renderer.texturesSettled { break }
            _ = renderer.waitForTextures(timeout: 0.5)
        }
        try draw(app)
        var rgb: [UInt8] = []
        readRGB(into: &rgb)
        return rgb
    }

    /// A new empty folder under the temporary directory, named for `what`.
    static func temporaryFolder(_ what: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-\(what)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
