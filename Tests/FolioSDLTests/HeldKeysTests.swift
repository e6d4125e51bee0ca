import Testing
@testable import FolioSDL

/// A held key in a book waits on a page still drawn as a placeholder; on the shelf, or with
/// every page there (sharp or small), each repeat acts.
@Suite struct HeldKeysTests {
    @Test func aRepeatWaitsOnlyOnAPlaceholderInABook() {
        var blank = FrameTextureWork()
        blank.waiting = 1
        var small = FrameTextureWork()
        small.lowres = 2
        #expect(!HeldKeys.repeatActs(after: blank, bookOpen: true))
        #expect(HeldKeys.repeatActs(after: blank, bookOpen: false))
        #expect(HeldKeys.repeatActs(after: small, bookOpen: true))
        #expect(HeldKeys.repeatActs(after: FrameTextureWork(), bookOpen: true))
    }
}
