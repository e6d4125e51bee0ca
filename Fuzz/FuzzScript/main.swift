import FolioCore
import Foundation

// libFuzzer target: any bytes given to the script parser either parse into a script whose
// numbers are finite and bounded, or throw a FolioError; never a trap, never a hang.
fuzzMain { data in
    guard let script = try? DemoScript.parse(data, name: "fuzz.json") else { return }
    precondition(script.duration.isFinite && script.duration > 0 && script.duration <= 3600, "duration out of bounds")
    precondition(script.frameCount >= 1, "no frames")
}
