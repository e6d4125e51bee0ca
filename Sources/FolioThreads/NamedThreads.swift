import Foundation

// Folio's long-lived threads are all started here: named pthreads (the name shows in `top -H`
// and in a debugger), joined by their owner or detached, and what they share with other
// threads passes through a `Monitor`. The decode thread, the frame writers, the shapes
// measured at launch, the lasting thread that starts decoder workers, a `BackgroundQueue`'s
// thread and the reader of ffmpeg's messages are such threads.

/// Lowers the calling thread's priority to `nice` (0 to 19). On Linux the nice value is the
/// thread's own: the rest of the process keeps its priority, and processes the thread starts
/// inherit it.
package func lowerThisThreadsPriority(to nice: Int32) {
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
}

/// Starts a joinable thread named `name` running `body`; nil when none can be started.
package func startJoinableThread(named name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(ThreadBody(name: name, body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        guard let context else { return nil }
        let boxed = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
        nameThisThread(boxed.name)
        boxed.body()
        return nil
    }, context)
    guard status == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// Starts a thread named `name` running `body` that nobody joins (it ends on its own); false
/// when none can be started.
@discardableResult
package func startDetachedThread(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = startJoinableThread(named: name, body) else { return false }
    pthread_detach(thread)
    return true
}

/// Names the calling thread `name` (its first 15 bytes, the most Linux keeps) through the C
/// library: no Foundation `Thread` object is made for a thread Foundation did not start.
private func nameThisThread(_ name: String) {
    var bytes = Array(name.utf8.prefix(15))
    bytes.append(0)
    bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = pthread_setname_np(pthread_self(), $0) }
    }
}

/// A thread's body, boxed to pass through pthread_create's context pointer.
private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// Runs `body` for every index of `0..<count` on at most `threads` named threads at once
/// (each takes the next index in order, through a `Monitor`) and returns once all are done;
/// with no thread to be had, the rest run here. What `validate`'s page checks and a
/// folder's archives listed on every core use, instead of a dispatch queue.
package func forEachIndex(_ count: Int, onThreads threads: Int, named name: String, _ body: @escaping @Sendable (Int) -> Void) {
    guard count > 0 else { return }
    let next = Monitor(0)
    let work: @Sendable () -> Void = {
        while true {
            let index = next.withLock { next -> Int in
                defer { next += 1 }
                return next
            }
            guard index < count else { return }
            body(index)
        }
    }
    let started = (0..<max(0, min(threads, count) - 1)).compactMap { _ in startJoinableThread(named: name, work) }
    work()
    for thread in started { pthread_join(thread, nil) }
}

/// glibc's `pthread_setname_np` and `pthread_getname_np`, which its headers declare only under
/// `_GNU_SOURCE` (so the Glibc module leaves them out); both are in every glibc since 2.12.
@_silgen_name("pthread_setname_np")
private func pthread_setname_np(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
@_silgen_name("pthread_getname_np")
package func pthread_getname_np(_ thread: pthread_t, _ name: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32
