import FolioFuzzDriver
import FolioLibrary
import Foundation

// libFuzzer target: any bytes walked as a RAR's headers (what Folio reads itself of a .cbr,
// for its encrypted files and its parts) give what they give, or nil; never a trap, a hang
// or a read past the bytes.
fuzzMain { data in
    let bytes = [UInt8](data)
    var asked = 0
    let found = RARHeaders.walk { offset, count in
        asked += 1
        precondition(offset >= 0 && count > 0, "a read of \(count) bytes at \(offset)")
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count - offset))])
    }
    precondition(asked <= 2 * bytes.count + 2, "more reads than the bytes can hold headers")
    if let found { precondition(found.encryptedFiles.count <= bytes.count, "more files than bytes") }
}
