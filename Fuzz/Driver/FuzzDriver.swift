// libFuzzer's driver for every fuzz target, called from the target's own `main` (SwiftPM
// points `main` at the executable's entry point, so libFuzzer's own cannot be used).
import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

nonisolated(unsafe) private var body: ((Data) -> Void)?

/// libFuzzer's own `main` names this; ours passes the same function to the driver.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    body?(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// Runs libFuzzer with this process's arguments, calling `test` on every input.
public func fuzzMain(_ test: @escaping (Data) -> Void) -> Never {
    body = test
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    exit(status)
}
