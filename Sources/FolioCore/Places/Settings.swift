import Foundation

/// The settings file (`$XDG_CONFIG_HOME/folio/settings.conf`): a few lines of `name = value`,
/// `#` starting a comment, written by the user and read, never written, by Folio. Today it
/// holds one line:
///
///     remember = no     # neither read nor write where each book was left (yes by default)
///
/// The file is checked line by line: a line Folio cannot use is left out, and the first such
/// line is named in one warning.
public struct Settings: Equatable, Sendable {
    /// Remember where each book was left and how it was set up (`--no-remember` for one run).
    public var remember = true

    public init(remember: Bool = true) {
        self.remember = remember
    }

    /// A settings file larger than this is not read (bytes).
    public static let maxBytes = 64 << 10
    /// The names the file knows, with what each takes.
    static let names = ["remember": "yes or no"]

    /// Reads the file's bytes (named `name` in the warning): the settings it gives, the
    /// defaults for the rest, and one sentence about the lines left out, if any were.
    public static func parse(_ data: Data, name: String) -> (settings: Settings, warning: String?) {
        guard data.count <= maxBytes else {
            return (Settings(), "\(name): is larger than the \(maxBytes >> 10) KB a settings file may be; the defaults are used.")
        }
        var settings = Settings()
        var problems: [String] = []
        let text = String(decoding: data, as: UTF8.self)
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.prefix { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { continue }
            let at = "line \(index + 1)"
            guard let equals = line.firstIndex(of: "=") else {
                problems.append("\(at) is not `name = value`")
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces).lowercased()
            switch key {
            case "remember":
                switch value {
                case "yes", "true", "on": settings.remember = true
                case "no", "false", "off": settings.remember = false
                default: problems.append("\(at): remember takes \(names["remember"]!), not \(Sentence.quoted(value, limit: 40))")
                }
            default:
                problems.append("\(at): \(Sentence.quoted(key, limit: 40)) is not a setting (Folio knows \(names.keys.sorted().joined(separator: ", ")))")
            }
        }
        guard let first = problems.first else { return (settings, nil) }
        let more = problems.count > 1 ? " (and \(Sentence.count(problems.count - 1, "more line")))" : ""
        return (settings, "\(name): \(first)\(more); what it cannot use is left out.")
    }
}
