import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The app's animation clock (SPEC §4, STYLE 4): slow motion runs it 10× slower, the S key
/// toggles that mid-animation, and a stalled frame advances it by a quarter second at most.
@Suite struct ClockTests {
    @Test func slowMotionStretchesTheOpeningTenfold() {
        let driver = AppDriver(slowMotion: true)
        driver.send(.key(.return))
        driver.run(until: 5)
        #expect(abs((driver.app.transition?.progress ?? -1) - 0.5) < 1e-9)
        driver.run(until: 9.9)
        #expect(driver.app.transition != nil)
        driver.run(until: 10.05)
        #expect(driver.app.transition == nil && driver.kinds == [.shelf, .book])
    }

    @Test func theSKeyTogglesSlowMotionMidAnimation() {
        let driver = AppDriver()
        driver.send(.key(.return))
        driver.run(until: 0.5)
        driver.send(.key(.s, [.ctrl, .shift]))
        #expect(driver.app.slowMotion && driver.app.transition?.operation == .push)
        driver.run(until: 1.5) // one real second is a tenth of a second of animation
        #expect(abs((driver.app.transition?.progress ?? -1) - 0.6) < 1e-9)
        driver.send(.key(.s, [.ctrl, .shift]))
        #expect(!driver.app.slowMotion)
        driver.run(until: 1.8)
        #expect(abs((driver.app.transition?.progress ?? -1) - 0.9) < 1e-9)
    }

    @Test func aStalledFrameAdvancesAQuarterSecondAtMost() {
        let app = FolioApp(library: .synthetic(books: 3, pages: 8), size: Size(width: 1280, height: 800))
        app.update(at: 100) // the first time given starts the clock
        app.handle(.key(.return), at: 100)
        app.update(at: 103) // three seconds without a frame
        #expect(app.animationTime == FolioApp.maxStep)
        #expect(abs((app.transition?.progress ?? -1) - 0.25) < 1e-12)
        app.update(at: 102) // a clock going backwards moves nothing
        #expect(app.animationTime == FolioApp.maxStep && app.time == 103)
        app.update(at: 103.1)
        #expect(abs(app.animationTime - 0.35) < 1e-12)
    }
}
