import Foundation
import Testing
@testable import FolioThreads

/// Folio's threads carry their names (as `top -H` and a debugger show them), set through the
/// C library; a name longer than Linux keeps is cut to its first 15 bytes, not dropped.
@Suite struct NamedThreadsTests {
    /// The name the calling thread has.
    static func currentName() -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = pthread_getname_np(pthread_self(), &buffer, buffer.count)
        return String(cString: buffer)
    }

    @Test(arguments: [("folio-decode", "folio-decode"), ("folio-a-name-too-long", "folio-a-name-to")])
    func aThreadCarriesItsName(name: String, shown: String) throws {
        let seen = Monitor<String?>(nil)
        let thread = try #require(startJoinableThread(named: name) { seen.withLock { $0 = Self.currentName() } })
        pthread_join(thread, nil)
        #expect(seen.withLock { $0 } == shown)
    }
}
