/// Push (shelf → book) or pop (book → shelf).
public enum NavigationOperation: String, Sendable {
    case push, pop
}
