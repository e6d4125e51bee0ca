import Foundation

/// State shared between threads, read and written only with one NSCondition held; waiters
/// sleep on the same condition until the state is what they need.
package final class Monitor<State: Sendable>: @unchecked Sendable {
    // Unchecked because `state` is a var. Safe: it is private and touched only inside
    // `withLock` and `wait`, both with `condition` locked.
    private let condition = NSCondition()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state locked, then wakes every waiter to look at it again.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }

    /// Sleeps (the lock released) until `ready` holds or `deadline` passes, then runs `body`
    /// locked; `body` learns whether `ready` held.
    package func wait<R>(until ready: (State) -> Bool, deadline: Date? = nil, then body: (inout State, Bool) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !ready(state) {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        return try body(&state, ready(state))
    }
}
