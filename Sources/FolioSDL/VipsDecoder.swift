import CVips
import FolioCore
import Foundation

/// libvips behind Folio's own rules: the header first (every format it knows, no pixel
/// decoded), Folio's size limits on it, then one shrink-on-load decode straight to the pixel
/// size the page is drawn at, from a file descriptor (streamed, never read whole) or from
/// bounded bytes (archive entries). Only trusted loaders are on (see folio_vips_start).
enum VipsDecoder {
    /// Where the encoded image is.
    enum Input {
        case descriptor(Int32)
        case bytes(Data)
    }

    struct Header {
        var width: Int
        var height: Int
    }

    /// Decoded pixels, RGBA, rows packed; freed with the value's `free()`.
    struct Pixels {
        let base: UnsafeMutablePointer<UInt8>
        let width: Int
        let height: Int
        func free() { folio_vips_free(base) }
    }

    struct Failure: Error {
        /// libvips' reason, one line.
        let reason: String
    }

    private static let started: Bool = folio_vips_start() == 0

    /// The image's size from its header; throws when libvips has no trusted loader for it.
    static func header(_ input: Input) throws -> Header {
        guard started else { throw Failure(reason: "libvips could not start") }
        var header = folio_vips_header()
        var error = [CChar](repeating: 0, count: 256)
        let status: Int32 = with(input) { fd, bytes, count in
            folio_vips_header_read(fd, bytes, count, &header, &error, error.count)
        }
        guard status == 0 else { throw Failure(reason: reason(error)) }
        return Header(width: Int(header.width), height: Int(header.height))
    }

    /// Decodes to `width`×`height` (cropped centred to cover the box when `crop`, else
    /// fitted inside it), shrinking while loading where the format allows (JPEG, WebP, PDF,
    /// SVG; others stream rows through a shrink), so memory follows the output size.
    static func thumbnail(_ input: Input, width: Int, height: Int, crop: Bool) throws -> Pixels {
        var outWidth: Int32 = 0, outHeight: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let pixels: UnsafeMutablePointer<UInt8>? = with(input) { fd, bytes, count in
            folio_vips_thumbnail(fd, bytes, count, Int32(width), Int32(height), crop ? 1 : 0,
                                 &outWidth, &outHeight, &error, error.count)
        }
        guard let pixels else { throw Failure(reason: reason(error)) }
        return Pixels(base: pixels, width: Int(outWidth), height: Int(outHeight))
    }

    private static func with<T>(_ input: Input, _ body: (Int32, UnsafeRawPointer?, Int) -> T) -> T {
        switch input {
        case .descriptor(let fd): return body(fd, nil, 0)
        case .bytes(let data): return data.withUnsafeBytes { body(-1, $0.baseAddress, $0.count) }
        }
    }

    /// libvips' message without its "loader: " prefix and final stop, for a sentence.
    private static func reason(_ buffer: [CChar]) -> String {
        var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let colon = text.range(of: ": ") , text[..<colon.lowerBound].allSatisfy({ !$0.isWhitespace }) {
            text = String(text[colon.upperBound...])
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "not an image Folio reads" : text
    }
}
