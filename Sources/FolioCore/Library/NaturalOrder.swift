/// "page2" before "page10": runs of digits compare by value, the rest case-insensitively.
public func naturalLess(_ a: String, _ b: String) -> Bool {
    var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
    var x = i.next(), y = j.next()
    func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0.value >= 48 && $0.value <= 57 } ?? false }
    while let cx = x, let cy = y {
        if isDigit(cx) && isDigit(cy) {
            var nx = "", ny = ""
            while isDigit(x) { nx.unicodeScalars.append(x!); x = i.next() }
            while isDigit(y) { ny.unicodeScalars.append(y!); y = j.next() }
            let tx = String(nx.drop { $0 == "0" }), ty = String(ny.drop { $0 == "0" })
            if tx.count != ty.count { return tx.count < ty.count }
            if tx != ty { return tx < ty }
            if nx.count != ny.count { return nx.count < ny.count }
            continue
        }
        let lx = Character(cx).lowercased(), ly = Character(cy).lowercased()
        if lx != ly { return lx < ly }
        x = i.next()
        y = j.next()
    }
    return x == nil && y != nil
}
