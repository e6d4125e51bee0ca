import FolioCore
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to Folio's own PCX reader give a picture whose pixels
// fill exactly its size within the limit, or a reason; never a trap, a hang or an
// allocation past the limit.
let limit = 1 << 20  // pixels, so that a fuzzed header cannot ask for the page limit's 100 MB
fuzzMain { data in
    do {
        let picture = try PCXReader.read(data, limit: limit)
        precondition(picture.width > 0 && picture.height > 0 && picture.width * picture.height <= limit, "a picture outside the limit")
        precondition([3, 4].contains(picture.channels), "\(picture.channels) channels")
        precondition(picture.pixels.count == picture.width * picture.height * picture.channels, "pixels that do not fill the picture")
    } catch {
    }
}
