import Foundation

// The libFuzzer driver of `make fuzz` (Fuzz/README.md). Built only when FLOWSTAGE_FUZZ=1, with
// -sanitize=address and sanitizer coverage, linked with the toolchain's libclang_rt.fuzzer_no_main.
//
//   flowstage-fuzz TARGET [libFuzzer flags and corpus folders]
//
// SwiftPM renames an executable's `main`, which clashes with libFuzzer's own, so libFuzzer is
// started from here through LLVMFuzzerRunDriver instead of -sanitize=fuzzer.

@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) var selected: FuzzTarget?

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    print("usage: flowstage-fuzz TARGET [libFuzzer flags] [corpus folders]")
    print("targets: \(FuzzTarget.all.map(\.name).joined(separator: " "))")
    exit(2)
}
selected = target
target.setUp()

// libFuzzer sees the program name and everything after the target name.
var driverArguments = [arguments[0]] + arguments.dropFirst(2)
var cArguments: [UnsafeMutablePointer<CChar>?] = driverArguments.map { strdup($0) } + [nil]
var argc = Int32(driverArguments.count)
let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var argv = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
        selected!.run(bytes)
        return 0
    }
}
exit(status)
