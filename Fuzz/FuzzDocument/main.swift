import FolioCore
import FolioLibrary
import FolioDecoding
import FolioFuzzDriver
import FolioWorker
import Foundation

// libFuzzer target: any bytes as a document (a PDF, or a DjVu where they begin as one, named
// so) go through the loader with the app's own inspector (the format's header read: page
// count, title, author, outline, page labels), then the first pages are
// rendered as `validate` does, their links read and their text searched; never a trap, a
// hang or a page drawn at an absurd size. Poppler runs in the confined document worker as
// in the app when `make fuzz` names the release folio in FOLIO_DECODER_WORKER (a PDF that
// exhausts poppler then costs a worker, not the run); without it, in this process, where
// libFuzzer sees poppler itself.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-document-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let urls = Dictionary(uniqueKeysWithValues: DocumentKind.all.map { ($0.name, folder.appendingPathComponent("x.\($0.extensions.sorted()[0])")) })
let decoder: any PageDecoder = try ProcessInfo.processInfo.environment["FOLIO_DECODER_WORKER"].map {
    try DecoderSandbox(executable: $0, timeout: 5)
} ?? InProcessDecoder(because: "no worker was named, and libFuzzer finds faults only in its own process")

fuzzMain { data in
    // Each input a new file (written beside, then renamed over the last): the worker keeps a
    // document open between pages while its file is the same one, and an input must never
    // meet the last one's document.
    let url = urls[(DocumentKind.claiming(head: data.prefix(16)) ?? .pdf).name]!
    guard (try? data.write(to: url, options: .atomic)) != nil else { return }
    guard var book = (try? LibraryLoader.load(url.path, decoder: decoder))?.library.books.first else { return }
    // A page count up to the loader's bound is allowed; rendering them all would only time out.
    book.pages = Array(book.pages.prefix(3))
    _ = LibraryValidator.check(Library(books: [book]), decoder: decoder)
    // Its outline was read with the book; its links and its text as the reading view asks.
    for page in 0..<min(book.pages.count + 1, 3) { _ = PageLink.checked(decoder.links(url.path, page: page), pageCount: book.pages.count + 1) }
    _ = decoder.find("the", in: url.path, first: 0, count: 3)
}
