import CatalogFuzzing
import Foundation

// The libFuzzer harness for `Fuzz/run`: built with `-sanitize=fuzzer,address`, it hands
// the command line to libFuzzer's driver and runs the target named by
// $CATALOG_FUZZ_TARGET on every input libFuzzer generates.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let name = ProcessInfo.processInfo.environment["CATALOG_FUZZ_TARGET"] ?? ""
guard let target = FuzzTarget(rawValue: name) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("catalog-fuzz: set CATALOG_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
}
target.prepare()
nonisolated(unsafe) let chosen = target

/// One input; also the symbol libFuzzer's own `main` (linked in, unused) refers to.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    chosen.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, testOneInput))
