import FolioCore
import FolioLibrary
import FolioDecoding
import FolioFuzzDriver
import FolioWorker
import Foundation

// libFuzzer target: any bytes, under any image extension, go through the viewer's own
// header check and decode (via `validate`'s path, in this process, so libFuzzer sees the
// decoders the worker runs); never a trap, a hang or a huge allocation.
let extensions = ["png", "jpg", "gif", "webp", "bmp", "tga", "qoi", "pcx", "tif", "ico", "xpm", "xbm", "ppm", "svg", "dib", "icns", "cur", "ras"]
let decoder = InProcessDecoder(because: "libFuzzer finds faults only in its own process")
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-image-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

fuzzMain { data in
    guard let first = data.first else { return }
    let url = folder.appendingPathComponent("page.\(extensions[Int(first) % extensions.count])")
    guard (try? data.dropFirst().write(to: url)) != nil else { return }
    let library = Library(books: [Book(title: "fuzz", cover: .file(url.path), pages: [])])
    _ = LibraryValidator.check(library, decoder: decoder)
    // The sizes Folio reads from headers itself, whatever the bytes claim to be.
    for format in ImageHeader.Format.allCases { _ = ImageHeader.size(of: data.dropFirst(), format: format) }
}
