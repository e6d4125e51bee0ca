import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// `folio PATH --page N` and an image given as PATH open a book at a spread.
struct OpenAtPageTests {
    /// Display page → the spread that shows it: the cover alone on leaf −1, then 1 and 2 on
    /// the first, 3 and 4 on the second.
    @Test(arguments: [(0, -1), (1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (-3, -1)])
    func aPageLiesOnItsSpread(page: Int, leaf: Int) {
        #expect(BookScene.leaf(showing: page) == leaf)
    }

    /// Pages as the reader numbers them (the cover is 1, alone before the first spread): page
    /// 8 is display page 7, on the fourth spread; a number past the book opens at the last
    /// page's spread, not the back cover's.
    @Test(arguments: [(1, -1), (8, 3), (13, 5), (500, 5)])
    func aBookOpensAtThePagesSpread(page: Int, leaf: Int) {
        let driver = AppDriver(books: 3, pages: 12)
        driver.app.open(book: 2, atPage: page, at: driver.now)
        #expect(driver.app.transition?.operation == .push)
        driver.run(until: driver.now + 2)
        #expect(driver.app.navigation.scenes.count == 2)
        #expect(driver.app.book?.bookIndex == 2)
        // 12 pages, cover and back cover: 14 display pages, 7 leaves (the last is clamped to).
        #expect(driver.app.book?.currentLeaf == min(leaf, 6))
        #expect(driver.app.shelf.centredIndex == 2)
    }
}
