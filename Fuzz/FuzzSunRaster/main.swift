import FolioCore
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to Folio's own Sun raster reader give a picture whose pixels
// fill exactly its size within the limit, or a reason; never a trap, a hang or an
// allocation past the limit.
let limit = 1 << 20  // pixels, so that a fuzzed header cannot ask for the page limit's 100 MB
fuzzMain { data in
    do {
        let picture = try SunRasterReader.read(data, limit: limit)
        precondition(picture.isWhole(limit: limit), "pixels that do not fill a picture within the limit")
    } catch {
    }
}
