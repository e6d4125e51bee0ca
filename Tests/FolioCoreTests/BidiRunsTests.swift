import Testing
@testable import FolioCore

/// Titles in Hebrew and Arabic: runs of one direction in the order they are seen.
struct BidiRunsTests {
    @Test func aLatinLineIsOneRunLeftToRight() {
        #expect(BidiRuns.visual("Aurora, Vol. 2") == [.init(text: "Aurora, Vol. 2", rightToLeft: false, script: nil)])
        #expect(!BidiRuns.hasRightToLeft("Aurora"))
    }

    @Test func aHebrewLineWithANumberReadsFromTheRight() {
        // "שלום 2" logically: Hebrew, space, 2. Seen: 2 at the left, then the Hebrew word.
        let runs = BidiRuns.visual("\u{05E9}\u{05DC}\u{05D5}\u{05DD} 2")
        #expect(runs.map(\.text) == ["2", "\u{05E9}\u{05DC}\u{05D5}\u{05DD} "])
        #expect(runs.map(\.rightToLeft) == [false, true] && runs.last?.script == "Hebr")
    }

    @Test func anArabicWordInALatinLineKeepsItsPlace() {
        let runs = BidiRuns.visual("Vol \u{0633}\u{0644}\u{0627}\u{0645} end")
        #expect(runs.map(\.text) == ["Vol ", "\u{0633}\u{0644}\u{0627}\u{0645}", " end"])
        #expect(runs.map(\.rightToLeft) == [false, true, false] && runs[1].script == "Arab")
    }

    @Test func neutralsBetweenTwoRightToLeftWordsJoinThem() {
        let runs = BidiRuns.visual("\u{05D0}\u{05D1}, \u{05D2}\u{05D3}")
        #expect(runs.count == 1 && runs[0].rightToLeft && runs[0].text == "\u{05D0}\u{05D1}, \u{05D2}\u{05D3}")
    }
}
