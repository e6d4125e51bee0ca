import Foundation
import Testing
@testable import FolioSDL
@testable import FolioThreads

/// Jobs handed to a `LastingThread` from threads that come and go all run on the one thread,
/// in turn, and give back what they returned or threw.
struct LastingThreadTests {
    struct Refused: Error, Equatable { let code: Int }

    @Test func jobsFromThreadsThatEndRunOnTheOneThread() throws {
        let lasting = LastingThread(name: "folio-test")
        let ran = Monitor<[(caller: pthread_t, runner: pthread_t, doubled: Int)]>([])
        var threads: [pthread_t] = []
        for i in 0..<4 {
            let thread = try #require(startJoinableThread(named: "caller-\(i)") {
                let runner = (try? lasting.run { pthread_self() }) ?? pthread_self()
                let doubled = (try? lasting.run { i * 2 }) ?? -1
                ran.withLock { $0.append((pthread_self(), runner, doubled)) }
            })
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        let runs = ran.withLock { $0 }
        let runner = try lasting.run { pthread_self() }
        #expect(runs.count == 4)
        #expect(runs.allSatisfy { $0.runner == runner && $0.caller != runner })
        #expect(runner != pthread_self())
        #expect(runs.map(\.doubled).sorted() == [0, 2, 4, 6])
        #expect(throws: Refused(code: 7)) { try lasting.run { () throws -> Int in throw Refused(code: 7) } }
    }
}
