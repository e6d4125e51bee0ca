import FolioCore
import FolioLibrary
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes as a Books.plist beside two real images load into a library
// or throw one FolioError; paths that leave the folder are refused, never read.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-library-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let plist = folder.appendingPathComponent("Books.plist")
try? Data("BM".utf8).write(to: folder.appendingPathComponent("a.bmp"))

fuzzMain { data in
    guard (try? data.write(to: plist)) != nil else { return }
    guard let result = try? LibraryLoader.load(folder.path) else { return }
    for book in result.library.books {
        for source in [book.cover] + book.pages {
            if case .file(let path)? = source {
                precondition(SafeFile.isInside(path, folder: SafeFile.realPath(folder.path) ?? folder.path), "left the library: \(path)")
            }
        }
    }
}
