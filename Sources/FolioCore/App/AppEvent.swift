/// What the window tells the app besides input for the scenes (FolioSDL translates it from
/// SDL, as it does `InputEvent`).
public enum AppEvent: Equatable, Sendable {
    /// A file or folder was dropped on the window; the path is as the desktop gave it.
    case dropped(path: String)
}
