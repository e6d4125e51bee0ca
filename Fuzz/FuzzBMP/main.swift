import FolioCore
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to Folio's own BMP reader give a picture whose pixels
// fill exactly its size within the limit, a JPEG or PNG inside it within its bytes, or a
// reason; never a trap, a hang or an allocation past the limit.
let limit = 1 << 20  // pixels, so that a fuzzed header cannot ask for the page limit's 100 MB
fuzzMain { data in
    do {
        let picture = try BMPReader.read(data, limit: limit)
        precondition(picture.isWhole(limit: limit), "pixels that do not fill a picture within the limit")
    } catch PictureProblem.holds(_, let range) {
        precondition(range.lowerBound >= 0 && range.upperBound <= data.count && !range.isEmpty, "a held picture outside the file")
    } catch {
    }
}
