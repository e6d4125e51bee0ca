import CSDL2
import FolioCore
import FolioLibrary
import Foundation
import Glibc

/// Decodes in the calling process, with nothing around the decoders: what a decoder worker
/// runs, and what a libFuzzer target needs (it finds faults only in its own process). The
/// viewer never uses one: every caller names why it decodes in process (`reason`).
package struct InProcessDecoder: PageDecoder {
    /// Why this caller decodes in its own process, for whoever reads the code.
    package let reason: String
    /// Reads files and archive entries (an archive stays open between its entries).
    package let reader = ImageReader()
    private let files = BookFilesHere()

    package init(because reason: String) {
        self.reason = reason
    }

    package func inspect(_ path: String) throws -> DocumentInfo {
        let fd = try SafeFile.openBookFile(path)
        defer { close(fd) }
        return try VipsDecoder.document(fd, path: path)
    }

    package func head(of path: String, count: Int) throws -> Data {
        try files.head(of: path, count: count)
    }

    package func listing(ofArchive path: String) throws -> ArchiveListing {
        try files.listing(ofArchive: path)
    }

    package func page(_ image: PageImage.Input, from path: String, shape: PageImage.Shape, cutShort: inout Bool) throws -> UnsafeMutablePointer<SDL_Surface> {
        try PageImage.decodeHere(image, reader: reader, shape: shape, cutShort: &cutShort)
    }

    package func size(of image: PageImage.Input, from path: String) -> Size? {
        BookShapes.sizeHere(of: image, reader: reader)
    }

    package func pixels(ofDocument path: String, page: Int, width: Int, height: Int) throws -> VipsDecoder.Pixels {
        let name = ImageSource.documentPage(document: path, page: page).name
        let fd: Int32
        do { fd = try reader.descriptor(forFile: path) } catch let failure as ImageReader.Failure {
            throw PageImage.Failure(cause: failure.cause, message: failure.description, detail: failure.description)
        }
        defer { close(fd) }
        return try PageImage.documentPixels(fd, page: page, name: name, width: width, height: height)
    }
}
