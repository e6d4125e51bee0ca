import CSDL2
import FolioCore
import Foundation

/// Ctrl-C arrived while recording.
public struct RecordingInterrupted: Error {
    public let framesWritten: Int
}
