import FolioThreads
import Foundation

extension Array where Element: Sendable {
    /// `transform` of every element, run on every core at once, in the array's order.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let slots = results
        let elements = self
        // The threads are joined before forEachIndex returns: `transform` does not outlive this call.
        withoutActuallyEscaping(transform) { transform in
            forEachIndex(count, onThreads: ProcessInfo.processInfo.activeProcessorCount, named: "folio-map") { i in
                slots[i] = transform(elements[i])
            }
        }
        return results.map { $0! }
    }
}
