import FolioCore
import FolioLibrary
import Foundation

/// Ctrl-C arrived while recording.
public struct RecordingInterrupted: Error {
    public let framesWritten: Int

    package init(framesWritten: Int) {
        self.framesWritten = framesWritten
    }
}
