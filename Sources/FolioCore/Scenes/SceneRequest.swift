/// What a scene asks the app to do in response to input.
public enum SceneRequest: Equatable, Sendable {
    /// Hand input on to the scene on top (a modal context or a gesture that leaves it).
    case input(SceneInput)
    /// Open the book centred on the shelf.
    case openBook(Int)
    /// Close the open book.
    case closeBook
    /// Lay the open book flat in the reading view, or leave it for the 3D book.
    case openReading, closeReading
    /// Shift the open book's page pairing by one page.
    case shiftPairing
    /// Turn the open book round: right to left, or back to left to right.
    case flipDirection
    /// The reading view's next page mode (automatic, one, two).
    case cyclePageMode
    /// Continuous scroll on or off (C), remembered with the book.
    case toggleContinuous
    /// The reading view's next fit (whole page, width, height).
    case cycleFit
    /// Start typing a page number with this digit (a modal context over the open book).
    case typePage(Int)
    /// Show the thumbnail strip over the open book.
    case showThumbnails
    /// Push the registered scene whose own keys are `context` (`SceneEntry.context`) over the
    /// scene on top, with its own transition: any scene reaches any registered one.
    case push(KeyContext)
    /// Pop the scene on top with its own transition (a registered scene's way back).
    case leave
    /// Leave the app.
    case quit
    /// Steer the transition in flight on to its end (`forward`) or back, the pinch let go.
    case steer(forward: Bool)
    /// The window's: fullscreen on or off, or off when it is on; slow motion on or off.
    case toggleFullscreen, leaveFullscreen, toggleSlowMotion
    /// Hand a web or mail address the reader chose to open to the desktop.
    case openAddress(String)
    /// Say `text` in a notice for a few seconds.
    case notice(String)
    /// Show the page label now (a jump made: it names the page arrived at).
    case showPageNumber
}

extension SceneRequest {
    /// What a key's action asks of the app in a book, 3D or flat alike (the pairing, the
    /// direction, a page number typed, the strip); nil for an action the scene answers itself.
    static func inBook(_ action: KeyAction?, key: Key) -> SceneRequest? {
        switch action {
        case .shiftPairing?: return .shiftPairing
        case .flipDirection?: return .flipDirection
        case .typePage?: return key.digit.map(SceneRequest.typePage)
        case .thumbnails?: return .showThumbnails
        default: return nil
        }
    }
}
