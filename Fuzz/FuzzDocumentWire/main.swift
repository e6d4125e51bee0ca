import FolioSDL
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes as a document worker's request (what a worker reads) and as
// its reply to a render and to an inspect request (what the app reads from a worker that
// poppler may have led astray); never a trap, never a read or allocation past the bounds.
fuzzMain { data in
    func source(_ bytes: Data) -> DocumentWire.Source {
        var rest = bytes
        return { count in
            let chunk = rest.prefix(count)
            rest = rest.dropFirst(count)
            return chunk
        }
    }
    if let request = try? DocumentWire.readRequest(source(data)) {
        _ = DocumentWire.encode(request)
    }
    let render = DocumentWire.Request(operation: .render, path: "/x.pdf", page: 0, width: 362, height: 568)
    let inspect = DocumentWire.Request(operation: .inspect, path: "/x.pdf")
    for request in [render, inspect] {
        if let reply = try? DocumentWire.readReply(source(data), to: request) { _ = DocumentWire.encode(reply) }
    }
}
