import Foundation
import Testing
@testable import FolioCore
@testable import FolioSDL

/// The list of keys, measured with the bundled font: at every window size from 800×600 up,
/// every line is whole (no ellipsis) and stays inside the window, and every key and pointer
/// gesture of the key table is on it, dragging to turn pages included.
@Suite struct HelpOverlayFitTests {
    @Test(arguments: [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1440, 900), (1920, 1080), (2560, 1440), (800, 1280)])
    func everyLineIsWhole(width: Int, height: Int) throws {
        let typeface = try #require(Typeface.bundled(), "the bundled font")
        defer { typeface.close() }
        let size = Size(width: Double(width), height: Double(height))
        let overlay = HelpOverlay(size: size)
        for line in overlay.texts {
            let font = try #require(typeface.font(pixels: line.size, weight: line.weight))
            let drawn = Double(Typeface.width(line.text, font: font))
            #expect(drawn <= line.maxWidth, "\(width)×\(height): \"\(line.text)\" is \(drawn) wide in \(line.maxWidth)")
            let left = line.alignment == .leading ? line.position.x : line.position.x - drawn / 2
            #expect(left >= 0 && left + drawn <= size.width, "\(width)×\(height): \"\(line.text)\" leaves the window")
            #expect(line.position.y - line.size / 2 >= 0 && line.position.y + line.size / 2 <= size.height,
                    "\(width)×\(height): \"\(line.text)\" leaves the window at y \(line.position.y)")
        }
        // The whole of every row, across its wrapped lines.
        let words = overlay.texts.map(\.text).joined(separator: " ")
        for binding in KeyBindings.all { #expect(words.contains(KeyBindings.names(binding)) && words.contains(binding.help.split(separator: " ").last!)) }
        for row in KeyBindings.pointer {
            let wanted = row.help.split(separator: " ").joined(separator: " ")
            let said = overlay.texts.map(\.text).joined(separator: " ")
            #expect(said.contains(row.input), "\(width)×\(height): no \(row.input)")
            #expect(said.split(separator: " ").joined(separator: " ").contains(wanted), "\(width)×\(height): \(row.input)'s help is not whole: \(wanted)")
        }
        // Readable: never under the smallest size.
        #expect(overlay.texts.allSatisfy { $0.size >= HelpOverlay.minimumSize })
    }
}
