import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// Draws Folio's application icon with the headless renderer: the first book of a library
/// half open (the pinch held at `progress`), on a transparent square.
public enum IconPainter {
    /// Icon sizes from 16 to 1024 pixels a side.
    public static let sizeRange = 16...1024
    /// How far the book is open in the icon (the transition's progress).
    static let progress = 0.5

    /// Writes a `size`×`size` PNG with an alpha channel to `path`.
    package static func paint(library: Library, decoder: any PageDecoder, size: Int, to path: String) throws {
        guard sizeRange.contains(size) else {
            throw FolioError.badInput("an icon of \(size) pixels is outside \(sizeRange.lowerBound)…\(sizeRange.upperBound).")
        }
        let book = Library(books: Array(library.books.prefix(1)))
        // Drawn once to measure the book, then again at the scale that makes it fill the icon.
        let probe = try frame(book, decoder: decoder, unit: Double(size) / 800)
        guard let box = probe.box else { throw FolioError.badInput("the icon came out empty: the library has no book to draw.") }
        let unit = Double(size) / 800 * fill * Double(size) / Double(max(box.w, box.h))
        let final = try frame(book, decoder: decoder, unit: unit)
        guard let b = final.box else { throw FolioError.badInput("the icon came out empty: the library has no book to draw.") }
        // The book's box centred in the square; whatever lies outside the frame is transparent.
        var out = [UInt8](repeating: 0, count: size * size * 4)
        let x0 = b.x + b.w / 2 - size / 2, y0 = b.y + b.h / 2 - size / 2
        for y in 0..<size where (0..<final.height).contains(y + y0) {
            for x in 0..<size where (0..<final.width).contains(x + x0) {
                let from = ((y + y0) * final.width + x + x0) * 4, to = (y * size + x) * 4
                for c in 0..<4 { out[to + c] = final.rgba[from + c] }
            }
        }
        try HeadlessCanvas.writePNG(out, width: Int32(size), height: Int32(size),
                                    format: SDL_PIXELFORMAT_RGBA32.rawValue, bytesPerPixel: 4, to: path)
    }

    /// The book's share of the icon's side (its longer extent).
    static let fill = 0.94

    /// One frame of `library` with the pinch held at `progress`, in a window of 1280×800
    /// times `unit` on a transparent background, and the box of its visible pixels.
    static func frame(_ library: Library, decoder: any PageDecoder, unit: Double) throws
        -> (rgba: [UInt8], width: Int, height: Int, box: (x: Int, y: Int, w: Int, h: Int)?) {
        let width = max(Int((1280 * unit).rounded()), 16), height = max(Int((800 * unit).rounded()), 16)
        let app = FolioApp(library: library, size: Size(width: Double(width), height: Double(height)))
        var t = 0.0
        app.update(at: t)
        // Notches of a held wheel: each is a quarter of the transition, which stays put while held.
        for _ in 0..<Int((progress / PinchGesture.notchProgress).rounded()) {
            t += 0.05
            app.handle(.wheel(dx: 0, dy: 1), at: t)
        }
        app.update(at: t + 0.05)
        var list = app.drawList()
        list.background = RGBA(0, 0, 0, 0)
        list.texts = []
        list.help = nil
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: width, height: height)
        canvas.renderer.configure(pixelScale: 1, windowSize: app.size)
        canvas.renderer.draw(list)
        let rgba = canvas.readRGBA()
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where rgba[(y * width + x) * 4 + 3] > 8 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        let box = maxX < 0 ? nil : (x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1)
        return (rgba, width, height, box)
    }
}

extension HeadlessCanvas {
    /// The frame as RGBA, 4 bytes a pixel, rows top to bottom (alpha kept, for icons).
    func readRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(size.width) * 4 * Int(size.height))
        out.withUnsafeMutableBytes { read(format: SDL_PIXELFORMAT_RGBA32.rawValue, bytesPerPixel: 4, into: $0.baseAddress!) }
        return out
    }
}
