import CWorker
import FolioCore
import FolioLibrary

/// Decoded pixels, RGBA, rows packed, in a buffer of GLib's (a decoder's, or one a page was
/// received into from a worker); freed with the value's `free()`.
package struct DecodedPixels {
    package let base: UnsafeMutablePointer<UInt8>
    package let width: Int
    package let height: Int
    /// The image ended early and these are its pixels as far as it goes.
    package var cutShort = false

    package init(base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, cutShort: Bool = false) {
        self.base = base
        self.width = width
        self.height = height
        self.cutShort = cutShort
    }

    package func free() { folio_pixels_free(base) }
}

/// What decodes a user's files, handed to everything that shows, measures or checks them:
/// a document's header (it is the loader's `DocumentInspector`), a file's first bytes, a
/// file's book as its format lists it and an archive's listing (its `BookFileReader`), an
/// image's size, an image made into a page (a format's own page made into its image by the
/// format, `PageFormat`), a document's page as pixels. The product has one, `DecoderSandbox`
/// (confined worker processes); `InProcessDecoder` decodes in the caller's process and is
/// made only by code that says why (a libFuzzer target, the worker itself).
package protocol PageDecoder: DocumentInspector, BookFileReader {
    /// `image` made into a page of `shape`; `path` is the file it is (or, for bytes, the
    /// file they came from: an archive, the book a thumbnail stands for), whose time the
    /// decode is charged to. `cutShort` is set when the image ends early. Throws a
    /// `PageImage.Failure` naming the image.
    func page(_ image: PageImage.Input, from path: String, shape: PageImage.Shape, cutShort: inout Bool) throws -> PagePixels
    /// `image`'s size from its header (`page`'s inputs); nil when it cannot be read.
    func size(of image: PageImage.Input, from path: String) -> Size?
    /// Page `page` of the document at `path` drawn into `width`×`height` pixels; a
    /// `PageImage.Failure` on any failure.
    func pixels(ofDocument path: String, page: Int, width: Int, height: Int) throws -> DecodedPixels
    /// A book opens or moves: have every worker it may use ready (none to start in process).
    func prestart()
    /// The view is still and nothing is being decoded: keep at most `keeping` workers (a still
    /// book one, the shelf none); the next decode starts what it needs.
    func rest(keeping: Int)
}

extension PageDecoder {
    package func prestart() {}
    package func rest(keeping: Int) {}
}
