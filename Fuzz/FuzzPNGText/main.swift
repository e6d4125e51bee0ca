import FolioCore
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given as a cover thumbnail's PNG give its text fields or nil,
// every key and value within the chunk limits; never a trap, never a hang.
fuzzMain { data in
    guard let fields = PNGText.fields(data) else { return }
    precondition(fields.count <= PNGText.maxChunks, "more fields than chunks looked at")
    for (key, value) in fields {
        precondition((1...79).contains(key.unicodeScalars.count), "a keyword of \(key.unicodeScalars.count) characters")
        precondition(value.unicodeScalars.count <= PNGText.maxValue, "a value past the limit")
    }
}
