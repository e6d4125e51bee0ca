import FolioCore
import FolioLibrary
import FolioSamples

/// The tests' PDFs: Folio's own `PDFWriter` (a colour a page, written by hand).
public typealias PDFFixture = PDFWriter
