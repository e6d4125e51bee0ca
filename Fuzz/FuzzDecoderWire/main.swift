import FolioCore
import FolioDecoding
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes as a decoder worker's request (what a worker reads) and as its
// reply to each kind of request (what the app reads from a worker that a decoder may have
// led astray); never a trap, never a read or allocation past the bounds.
fuzzMain { data in
    func source(_ bytes: Data) -> DecoderWire.Source {
        var rest = bytes
        return { count in
            let chunk = rest.prefix(count)
            rest = rest.dropFirst(count)
            return chunk
        }
    }
    if let request = try? DecoderWire.readRequest(source(data)) {
        _ = DecoderWire.encode(request)
    }
    let requests = [
        DecoderWire.Request(operation: .render, path: "/x.pdf", page: 0, width: 362, height: 568),
        DecoderWire.Request(operation: .renderBySplash, path: "/x.pdf", page: 0, width: 362, height: 568),
        DecoderWire.Request(operation: .inspect, path: "/x.pdf"),
        DecoderWire.Request(operation: .page, path: "/x.cbz", width: 362, height: 568, name: "x.cbz:p.png"),
        DecoderWire.Request(operation: .measure, path: "/x.png", name: "/x.png"),
        DecoderWire.Request(operation: .page, path: "/x.cbz", width: 362, height: 568, name: "x.cbz:p.png", format: "archive", reference: "p.png"),
        DecoderWire.Request(operation: .head, path: "/x.cbz", width: 32),
        DecoderWire.Request(operation: .list, path: "/x.cbz"),
        DecoderWire.Request(operation: .book, path: "/x.cbz", page: 1, format: "archive"),
        DecoderWire.Request(operation: .library, path: "/Books.plist"),
        DecoderWire.Request(operation: .links, path: "/x.pdf", page: 3),
        DecoderWire.Request(operation: .find, path: "/x.pdf", page: 0, width: 48, name: "needle"),
    ]
    for request in requests {
        guard let reply = try? DecoderWire.readReply(source(data), to: request) else { continue }
        _ = DecoderWire.encode(reply)
        // What the app keeps of a worker's links: bounded whatever it sent.
        if case .links(let links) = reply { _ = PageLink.checked(links, pageCount: 40) }
    }
}
