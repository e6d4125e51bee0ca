import FolioThreads

extension ChildProcess {
    /// Waits at most `seconds` for the program to end; nil when it still runs.
    public func wait(seconds: Double) -> Ending? {
        poll(seconds: seconds) { ending }
    }
}
