import Foundation

/// Something wrong with one file of a library; the library still loads around it.
public struct LibraryProblem: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}
