import Foundation

/// An address a PDF's link goes to outside the book, as the reader is asked about it before
/// it opens: what it is (a web page on a host, a mail to someone), the whole address and every
/// mail field spelled out, nothing cut; and the address handed to the desktop, which for mail
/// keeps only the fields a message is written with (`to`, `cc`, `bcc`, `subject`, `body`,
/// `in-reply-to`). Any other field (`attach`, `attachment`, …: some mail programs take them to
/// attach a file of the reader's) is dropped, and the prompt names it.
public struct LinkAddress: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case web(host: String)
        case mail(to: String)
    }

    public let kind: Kind
    /// The address as the link gives it.
    public let original: String
    /// What is handed to the desktop to open.
    public let opened: String
    /// Mail fields kept (name, value as the reader reads it: percent-escapes decoded).
    public let fields: [(name: String, value: String)]
    /// Mail fields dropped, by name.
    public let dropped: [String]

    /// The mail fields a message is written with; others are dropped.
    public static let mailFields: Set<String> = ["to", "cc", "bcc", "subject", "body", "in-reply-to"]

    /// `address` read as a web or mail address; nil for any other scheme (never opened).
    public init?(_ address: String) {
        original = address
        let lower = address.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let rest = address.drop { $0 != ":" }.dropFirst(3)
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            // The host, without a user's name or a port.
            let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            let host = hostAndPort.hasPrefix("[") ? String(hostAndPort.prefix { $0 != "]" }) + "]"
                : String(hostAndPort.prefix { $0 != ":" })
            guard !host.isEmpty else { return nil }
            kind = .web(host: host.lowercased())
            opened = address
            fields = []
            dropped = []
        } else if lower.hasPrefix("mailto:") {
            let body = address.dropFirst("mailto:".count)
            let recipients = String(body.prefix { $0 != "?" })
            var kept: [(String, String)] = [], named: [String] = [], query: [String] = []
            if let mark = body.firstIndex(of: "?") {
                for pair in body[body.index(after: mark)...].split(separator: "&") where !pair.isEmpty {
                    let name = String(pair.prefix { $0 != "=" })
                    let value = pair.contains("=") ? String(pair.drop { $0 != "=" }.dropFirst()) : ""
                    if Self.mailFields.contains(name.lowercased()) {
                        kept.append((name.lowercased(), Self.decoded(value)))
                        query.append(String(pair))
                    } else {
                        named.append(Self.decoded(name))
                    }
                }
            }
            kind = .mail(to: Self.decoded(recipients))
            opened = "mailto:" + recipients + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            fields = kept
            dropped = named
        } else {
            return nil
        }
    }

    public static func == (a: LinkAddress, b: LinkAddress) -> Bool {
        a.original == b.original && a.opened == b.opened && a.kind == b.kind && a.dropped == b.dropped
            && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    /// `text` with its percent-escapes decoded (Foundation's; as it is when they do not make
    /// UTF-8), control and direction characters shown as "?" (a prompt is one line a field).
    static func decoded(_ text: String) -> String {
        let string = text.removingPercentEncoding ?? text
        return String(string.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0.properties.isBidiControl ? "?" : Character($0)
        })
    }

    /// The prompt's lines: what it is first (the host, the recipients), then the whole
    /// address broken every `width` characters, then each mail field and each field dropped.
    public func lines(width: Int) -> [String] {
        var out: [String]
        switch kind {
        case .web(let host): out = ["Open a web page on \(host)?"]
        case .mail(let to): out = ["Write a mail to \(to.isEmpty ? "no one named" : to)?"]
        }
        for field in fields {
            out += Sentence.wrapped("\(field.name): \(field.value)", width: width).flatMap { Self.broken($0, width: width) }
        }
        for name in dropped { out.append("\(name): dropped (Folio never passes it on)") }
        out.append("")
        out += Self.broken(original, width: width)
        return out
    }

    /// `text` cut every `width` characters (an address has no spaces to wrap at).
    static func broken(_ text: String, width: Int) -> [String] {
        let characters = Array(text), step = max(width, 8)
        guard characters.count > step else { return [text] }
        return stride(from: 0, to: characters.count, by: step).map { String(characters[$0..<min($0 + step, characters.count)]) }
    }
}
