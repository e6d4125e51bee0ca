/// What the live viewer, which owns the app in a window, sees of it: what a script plays
/// into and what draws it (`ScriptedApp`, `DrawnApp`), the document work handed to it
/// (`DesktopLinksHost`), and besides: the window's requests (its title, fullscreen, quit),
/// input captures, the places kept, books arriving and going while it runs, the book
/// opened at launch, and the trace. The viewer holds the app by this alone.
public protocol ViewedApp: ScriptedApp, DrawnApp, DesktopLinksHost {
    /// The scenes, bottom first, and the transition between two of them.
    var navigation: NavigationStack { get }
    /// The reading view on screen, or on its way in or out.
    var reading: ReadingScene? { get }
    /// The window's title: the open book's, or Folio's.
    var title: String { get }
    /// Requests to the window: fullscreen, to quit.
    var fullscreen: Bool { get }
    var quitRequested: Bool { get }
    /// Every book opens right to left (`--rtl`).
    var everyBookRightToLeft: Bool { get set }

    /// Opens book `index` in 3D at page `number`, or lays it flat at `number` (nil: where the
    /// reader left it), as `--page` and `--read` ask at launch.
    func open(book index: Int, atPage number: Int, at time: Double)
    func read(book index: Int, atPage number: Int?, at time: Double)

    /// Input is being captured (the badge shows); where a capture starts; a capture saved.
    var capturing: Bool { get set }
    var captureStart: InputScript.Start { get }
    func captureSaved(to path: String)

    /// Where the reader left off, kept between runs; the place now noted in them.
    var places: PlaceKeeper? { get }
    func rememberPlace()

    /// Books that arrived while it runs (a drop, the library folder), and books gone from it.
    @discardableResult
    func adopt(dropOf path: String, _ read: Result<LoadedLibrary, FolioApp.DropFailure>, keys: [BookKey?]?, centring: Bool,
               at time: Double) -> [String]
    @discardableResult
    func removeBooks(at path: String, at time: Double) -> Int

    /// The trace's line for frame `frame` at `t` seconds.
    func trace(frame: Int, t: Double) -> TraceFrame
}

extension FolioApp: ViewedApp {}
