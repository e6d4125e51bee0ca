/// The state trace (one JSON object per frame) that tools and tests read.
extension FolioApp {
    public func trace(frame: Int, t: Double) -> JSONValue {
        let stack: [JSONValue] = navigation.visibleScenes.map { .string($0.kind.rawValue) }
        var transitionJSON = JSONValue.null
        if let transition = navigation.transition {
            transitionJSON = .object([
                ("operation", .string(transition.operation.rawValue)),
                ("state", .string(transition.state.name)),
                ("progress", .number(transition.progress)),
                ("interactive", .bool(transition.isInteractive)),
            ])
        }
        let pose = self.pose
        let covers: [JSONValue] = shelf.covers(in: pose).map {
            .object([("book", .number(Double($0.book))), ("scale", .number($0.scale)), ("alpha", .number($0.alpha))])
        }
        let shelfJSON = JSONValue.object([
            ("position", .number(shelf.position)),
            ("stride", .number(shelf.layout.stride)),
            // The key keeps its first spelling: traces already written name it so.
            ("centered", .number(Double(shelf.centredIndex))),
            ("covers", .array(covers)),
        ])
        var bookJSON = JSONValue.null
        if let book {
            let inTransition = navigation.transition != nil
            let pages: [JSONValue] = book.pages(in: pose).map { state in
                let layer = book.layer(state)
                var members: [(String, JSONValue)] = [
                    ("page", .number(Double(state.pose.page))),
                    ("ratio", .number(state.pose.ratio)),
                    ("angle", .number(state.angle)),
                    ("visible", .bool(state.alpha > 0 && layer.isFrontFacing)),
                ]
                if inTransition {
                    members += [("scale", .number(state.scale)), ("tx", .number(state.tx)), ("alpha", .number(state.alpha))]
                }
                return .object(members)
            }
            var members: [(String, JSONValue)] = [
                ("index", .number(Double(book.bookIndex))),
                ("offset", .number(book.offset)),
                ("pageCount", .number(Double(book.layout.pageCount))),
                ("pages", .array(pages)),
            ]
            // Only while zoomed, so traces of books seen whole stay as they were.
            if let zoom = reading?.zoom, !zoom.current.isIdentity || !zoom.target.isIdentity {
                members.append(("zoom", .object([
                    ("scale", .number(zoom.current.scale)),
                    ("x", .number(zoom.current.offset.x)),
                    ("y", .number(zoom.current.offset.y)),
                    ("target", .number(zoom.target.scale)),
                ])))
            }
            bookJSON = .object(members)
        }
        return .object([
            ("frame", .number(Double(frame))),
            ("t", .number(t)),
            ("size", .array([.number(size.width), .number(size.height)])),
            ("stack", .array(stack)),
            ("transition", transitionJSON),
            ("shelf", shelfJSON),
            ("book", bookJSON),
        ])
    }
}
