import FolioCore
import FolioLibrary
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to the script parser either parse into a script whose
// numbers are finite and bounded, or throw a FolioError; never a trap, never a hang. The
// accepted script's timeline is walked to its end: in time order, finite, within the hour,
// holding no more than its events.
fuzzMain { data in
    guard let script = try? InputScript.parse(data, name: "fuzz.json") else { return }
    precondition(script.duration.isFinite && script.duration > 0 && script.duration <= InputScript.maxSeconds, "duration out of bounds")
    precondition(InputScript.fpsRange.contains(script.fps), "fps out of bounds")
    precondition(InputScript.sizeProblem(width: script.size.width, height: script.size.height) == nil, "size out of bounds")
    precondition(script.frameCount >= 1 && script.frameCount <= 3600 * 240, "frame count out of bounds")
    precondition(script.events.count <= InputScript.maxEvents, "too many events")
    var timeline = ScriptTimeline(script: script)
    var last = 0.0
    while let (t, _) = timeline.next() {
        precondition(t.isFinite && t >= last && t <= InputScript.maxSeconds, "timeline out of order or bounds")
        precondition(timeline.pendingCount <= script.events.count, "timeline holds more than the events")
        last = t
    }
    _ = script.scaled(to: Size(width: 7680, height: 4320))
}
