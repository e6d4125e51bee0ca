import FolioThreads
import Foundation

/// Hands a web or mail address to the desktop's opener (`xdg-open`), as a link clicked twice
/// in a document asks.
package enum AddressOpener {
    /// Opens `address` (checked by the app: a web or mail address of printable characters),
    /// not waiting for the opener; a failure is one warning.
    package static func open(_ address: String) {
        do {
            let opener = try ChildProcess("/usr/bin/env", ["xdg-open", address])
            // Reaped off the caller's thread when it ends (xdg-open hands the address on).
            if !startDetachedThread(named: "folio-opener", { _ = opener.wait() }) { _ = opener.ending }
        } catch {
            Console.warning("\(address): could not be opened (xdg-open: \(error)).")
        }
    }
}
