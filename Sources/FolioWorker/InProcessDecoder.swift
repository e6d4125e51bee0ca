import FolioCore
import FolioDecoding
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
    /// The formats known besides Folio's own.
    private let added: [any BookFormat]
    /// The document formats known: Folio's own, then a worker's registrations.
    package let documents: DocumentFormats

    /// Decodes here, knowing Folio's formats and `added`, and Folio's document formats and
    /// `addedDocuments` (a worker's registrations).
    package init(because reason: String, adding added: [any BookFormat] = [], documents addedDocuments: [any DocumentPages] = []) {
        self.reason = reason
        self.added = added
        var documents = DocumentFormats.standard
        for format in addedDocuments { documents.register(format) }
        self.documents = documents
    }

    /// The formats this decoder knows by name: Folio's own (reading here), then `added`.
    package var formats: BookFormats {
        var formats = BookFormats.standard(documents: self, files: files)
        // A document format registered here lists its books here too.
        for document in documents.all where !DocumentKind.all.contains(document.kind) {
            formats.register(DocumentFormat(document.kind, documents: self))
        }
        for format in added { formats.register(format) }
        return formats
    }

    package func book(_ format: any BookFormat, at path: String, strict: Bool) throws -> ListedBook {
        try files.book(format, at: path, strict: strict)
    }

    /// The document's header, read by the format its first bytes name (`DocumentFormats`).
    /// Throws a `FolioError` naming `path`: cause `.encrypted` for a password, `.unreadable`
    /// for anything else.
    package func inspect(_ path: String) throws -> DocumentInfo {
        let fd = try SafeFile.openBookFile(path)
        defer { close(fd) }
        guard VipsDecoder.started else {
            throw FolioError.badInput("\(path): cannot be read (libvips could not start).", cause: .unreadable)
        }
        let label = documents.of(fd).kind.label
        do {
            return try documents.of(fd).info(fd)
        } catch let failure as VipsDecoder.Failure {
            if VipsDecoder.isPasswordFailure(failure.reason) {
                throw FolioError.badInput("\(path): is password-protected; Folio opens no encrypted \(label)s.", cause: .encrypted)
            }
            let why = VipsDecoder.inSentence(failure.reason)
            throw FolioError.badInput("\(path): is not a readable \(label) (\(why)).", cause: .unreadable)
        }
    }

    /// The document behind `path` with its format, for the calls that name nothing on failure.
    private func withDocument<T>(_ path: String, _ body: (any DocumentPages, Int32) throws -> T) -> T? {
        guard let fd = try? SafeFile.openBookFile(path) else { return nil }
        defer { close(fd) }
        return try? body(documents.of(fd), fd)
    }

    /// The outline the document's format reads; none when it cannot be read.
    package func outline(_ path: String) -> [ContentsEntry] {
        withDocument(path) { try $0.outline($1) } ?? []
    }

    /// The labels the document's format reads; none when they cannot be read.
    package func pageLabels(_ path: String) -> [String] {
        withDocument(path) { try $0.labels($1) } ?? []
    }

    /// The page's links the document's format reads; none when they cannot be read.
    package func links(_ path: String, page: Int) -> [PageLink] {
        withDocument(path) { try $0.links($1, page: page) } ?? []
    }

    /// A stretch of the search the document's format runs; nil when the document cannot
    /// be read.
    package func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
        withDocument(path) { try $0.find($1, text: text, first: first, count: count) }
    }

    package func head(of path: String, count: Int) throws -> Data {
        try files.head(of: path, count: count)
    }

    package func library(plist path: String) throws -> LoadedLibrary {
        try files.library(plist: path)
    }

    package func listing(ofArchive path: String) throws -> ArchiveListing {
        try files.listing(ofArchive: path)
    }

    package func page(_ image: PageImage.Input, from path: String, shape: PageImage.Shape, cutShort: inout Bool) throws -> PagePixels {
        try PageImage.decodeHere(try formats.resolve(image), reader: reader, shape: shape, cutShort: &cutShort)
    }

    package func size(of image: PageImage.Input, from path: String) -> Size? {
        guard let image = try? formats.resolve(image) else { return nil }
        return BookShapes.sizeHere(of: image, reader: reader)
    }

    package func pixels(ofDocument path: String, page: Int, width: Int, height: Int) throws -> VipsDecoder.Pixels {
        try pixels(ofDocument: path, page: page, width: width, height: height, bySplash: false)
    }

    /// `pixels(ofDocument:…)` drawn by poppler's Splash alone when `bySplash` (what the
    /// worker does for `renderBySplash`).
    package func pixels(ofDocument path: String, page: Int, width: Int, height: Int, bySplash: Bool) throws -> VipsDecoder.Pixels {
        let name = ImageSource.documentPage(document: path, page: page).name
        let fd: Int32
        do { fd = try reader.descriptor(forFile: path) } catch let failure as ImageReader.Failure {
            throw PageImage.Failure(cause: failure.cause, message: failure.description, detail: failure.description)
        }
        defer { close(fd) }
        return try PageImage.documentPixels(fd, format: documents.of(fd), page: page, name: name, width: width, height: height,
                                            bySplash: bySplash)
    }
}
