import FolioCore
import FolioLibrary
import FolioDecoding
import FolioFuzzDriver
import FolioWorker
import Foundation

// libFuzzer target: any bytes as a comic archive (ZIP, RAR, 7z, tar) are listed, and every
// entry read and decoded as `validate` does; never a trap, a hang or an unbounded inflate.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-archive-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let url = folder.appendingPathComponent("x.cbz")
// The entries' images are decoded by the release folio's workers when `make fuzz` names it
// in FOLIO_DECODER_WORKER, as in the app; without it, here.
let decoder: any PageDecoder = try ProcessInfo.processInfo.environment["FOLIO_DECODER_WORKER"].map {
    try DecoderSandbox(executable: $0)
} ?? InProcessDecoder(because: "no worker was named, and libFuzzer finds faults only in its own process")

fuzzMain { data in
    guard (try? data.write(to: url)) != nil else { return }
    guard let result = try? LibraryLoader.load(url.path) else { return }
    _ = LibraryValidator.check(result.library, decoder: decoder)
}
