import Foundation

/// Progressive greyscale JPEGs written by hand, segment by segment: a flat mid-grey picture
/// (every coefficient zero) in as many scans as asked. Each scan is a few bytes (one run of
/// empty blocks), yet a decoder walks every block of the picture in each, so a small file of
/// many scans is a "scan bomb".
public enum ScanBombFixture {
    /// A `width`×`height` grey JPEG: the DC coefficient sent in `bits` + 1 scans (a first at
    /// `bits` of point transform, then one a bit), then each of `bands` (inclusive spectral
    /// ranges in 1...63) likewise: a valid progression of (1 + bands) × (bits + 1) scans.
    /// `repeats` sends the AC scans that many times over, which libjpeg takes without a word
    /// (each repeat starts the coefficients afresh). `inconsistent` adds that many scans
    /// refining bits never sent (libjpeg warns "Inconsistent progression sequence").
    public static func jpeg(width: Int, height: Int, bands: [ClosedRange<Int>], bits: Int = 0, repeats: Int = 1,
                            inconsistent: Int = 0) -> Data {
        var out = Data([0xFF, 0xD8])
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            let length = body.count + 2
            out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        segment(0xC2, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        // DC: one symbol, category 0, coded "0". AC: EOB0...EOB14 (runs of empty blocks),
        // each coded in 4 bits, 0000 to 1110.
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        segment(0xC4, [0x10, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 12) + (0...14).map { UInt8($0 << 4) })
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        func scan(_ ss: Int, _ se: Int, _ ah: Int, _ al: Int, _ data: Data) {
            segment(0xDA, [1, 1, 0x00, UInt8(ss), UInt8(se), UInt8(ah << 4 | al)])
            out += data
        }
        // DC first: a zero difference ("0") a block; refinements: one zero bit a block.
        let zeros = Bits(count: blocks).data
        scan(0, 0, 0, bits, zeros)
        for a in stride(from: bits, to: 0, by: -1) { scan(0, 0, a, a - 1, zeros) }
        // AC: every block empty, in runs of at most 32767.
        var runs = Bits()
        var left = blocks
        while left > 0 {
            let run = min(left, 32767)
            let r = Int.bitWidth - 1 - run.leadingZeroBitCount
            runs.append(r, 4)
            runs.append(run - (1 << r), r)
            left -= run
        }
        let empty = runs.data
        for _ in 0..<repeats {
            for band in bands {
                scan(band.lowerBound, band.upperBound, 0, bits, empty)
                for a in stride(from: bits, to: 0, by: -1) { scan(band.lowerBound, band.upperBound, a, a - 1, empty) }
            }
        }
        for _ in 0..<inconsistent { scan(1, 63, 1, 0, empty) }
        out += [0xFF, 0xD9]
        return out
    }

    /// Every AC coefficient a band of its own: 63 bands.
    public static let everyCoefficient: [ClosedRange<Int>] = (1...63).map { $0...$0 }

    /// Entropy-coded bits, most significant first, padded with ones and 0xFF stuffed.
    struct Bits {
        private var bits: [Bool] = []

        init(count zeros: Int = 0) { bits = [Bool](repeating: false, count: zeros) }

        mutating func append(_ value: Int, _ count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
        }

        var data: Data {
            var out = Data()
            var padded = bits
            while padded.count % 8 != 0 { padded.append(true) }
            for start in stride(from: 0, to: padded.count, by: 8) {
                let byte = padded[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
                out.append(byte)
                if byte == 0xFF { out.append(0) }
            }
            return out
        }
    }
}
