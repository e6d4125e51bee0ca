import CVips
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// libvips behind Folio's own rules: the header first (every format it knows, no pixel
/// decoded), Folio's size limits on it, then one shrink-on-load decode straight to the pixel
/// size the page is drawn at, from a file descriptor (streamed, never read whole) or from
/// bounded bytes (archive entries). Only trusted loaders are on (see folio_vips_start).
package enum VipsDecoder {
    /// Where the encoded image is.
    package enum Input {
        case descriptor(Int32)
        case bytes(Data)
    }

    package struct Header {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// What libvips decodes into (its buffers are GLib's, as `DecodedPixels` frees them).
    package typealias Pixels = DecodedPixels

    /// A decoder's (or a document format's) reason, one line.
    package struct Failure: Error {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }
    }

    /// True once libvips has started (the first use starts it).
    static let started: Bool = folio_vips_start() == 0

    /// Which loaders may read an input: raster ones for an image, librsvg too for a picture
    /// named .svg, poppler alone for a document's page (`folio_vips.c` keeps the lists).
    enum Slot: Int32 {
        case image, vector, document

        /// The slot an image named with extension `kind` fills.
        static func forImage(kind: String) -> Slot { kind.lowercased() == "svg" ? .vector : .image }
    }

    /// The image's size from its header (as shown, after any EXIF orientation; of page
    /// `page` of a document, in points, when given); throws when libvips has no trusted
    /// loader for it, or only one `slot` does not take.
    static func header(_ input: Input, page: Int? = nil, slot: Slot = .image) throws -> Header {
        guard started else { throw Failure(reason: "libvips could not start") }
        var header = folio_vips_header()
        var error = [CChar](repeating: 0, count: 256)
        let status: Int32 = with(input) { fd, bytes, count in
            folio_vips_header_read(fd, bytes, count, Int32(clamping: page ?? -1), slot.rawValue, &header, &error, error.count)
        }
        guard status == 0 else { throw Failure(reason: reason(error)) }
        return Header(width: Int(header.width), height: Int(header.height))
    }

    /// Decodes to `width`×`height` (cropped centred to cover the box when `crop`, else
    /// fitted inside it), shrinking while loading where the format allows (JPEG, WebP, PDF,
    /// SVG; others stream rows through a shrink), so memory follows the output size.
    /// A document's page (`page`, from 0) is rendered at the scale the box needs, never at
    /// full resolution first.
    static func thumbnail(_ input: Input, page: Int? = nil, slot: Slot = .image, width: Int, height: Int, crop: Bool) throws -> Pixels {
        guard started else { throw Failure(reason: "libvips could not start") }
        var outWidth: Int32 = 0, outHeight: Int32 = 0, cutShort: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let pixels: UnsafeMutablePointer<UInt8>? = with(input) { fd, bytes, count in
            folio_vips_thumbnail(fd, bytes, count, Int32(clamping: page ?? -1), slot.rawValue, Int32(width), Int32(height), crop ? 1 : 0,
                                 &outWidth, &outHeight, &cutShort, &error, error.count)
        }
        guard let pixels else { throw Failure(reason: reason(error)) }
        return Pixels(base: pixels, width: Int(outWidth), height: Int(outHeight), cutShort: cutShort != 0)
    }

    /// A reason lower-cased to sit mid-sentence, acronyms kept ("Document is damaged" →
    /// "document is damaged", "PDF document is damaged" unchanged).
    static func inSentence(_ reason: String) -> String {
        guard let first = reason.first, reason.dropFirst().first?.isLowercase == true else { return reason }
        return first.lowercased() + reason.dropFirst()
    }

    /// True when poppler's reason means the document needs a password.
    static func isPasswordFailure(_ reason: String) -> Bool {
        let text = reason.lowercased()
        return text.contains("encrypted") || text.contains("password")
    }

    private static func with<T>(_ input: Input, _ body: (Int32, UnsafeRawPointer?, Int) -> T) -> T {
        switch input {
        case .descriptor(let fd): return body(fd, nil, 0)
        case .bytes(let data): return data.withUnsafeBytes { body(-1, $0.baseAddress, $0.count) }
        }
    }

    /// libvips' message without its "loader: " prefix and final stop, for a sentence.
    static func reason(_ buffer: [CChar]) -> String {
        var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "glib: " (poppler's errors through libvips) or a loader's nickname.
        while let colon = text.range(of: ": "), text[..<colon.lowerBound].allSatisfy({ !$0.isWhitespace }) {
            text = String(text[colon.upperBound...])
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "not an image Folio reads" : text
    }
}
