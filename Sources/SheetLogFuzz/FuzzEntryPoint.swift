/// libFuzzer's entry point: one input per call; a broken invariant traps inside ``FuzzHarness``.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else {
        _ = FuzzHarness.run([UInt8]())
        return 0
    }
    _ = FuzzHarness.run(UnsafeBufferPointer(start: data, count: count))
    return 0
}

// Built with `-D SHEETLOG_FUZZING` (Scripts/fuzz.sh), libFuzzer provides `main`; the ordinary build
// has no libFuzzer, so it gets this one, which replays the files it is given.
#if !SHEETLOG_FUZZING
import Foundation

/// `sheetlog-fuzz FILE…` without the fuzzer: replays corpus files and crash reproducers.
@main
enum FuzzReplay {
    static func main() {
        var accepted = 0, rejected = 0
        for path in CommandLine.arguments.dropFirst() {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("sheetlog-fuzz: cannot read \(path)\n".utf8))
                exit(2)
            }
            switch FuzzHarness.run(Array(bytes)) {
            case .accepted: accepted += 1
            case .rejected: rejected += 1
            }
        }
        print("replayed \(accepted + rejected) inputs: \(accepted) accepted, \(rejected) rejected, no crash")
    }
}
#endif
