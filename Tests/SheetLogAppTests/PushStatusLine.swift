#if canImport(SwiftUI)
import SheetLog
import SwiftUI

// docs/app-integration.md's SwiftUI status line, compiled where SwiftUI exists, as an app compiles
// it (the main actor by default). What it relies on (the monitor's state on the main actor, in
// order) is run on every platform by PushSampleTests.

// doc-sample: docs/app-integration.md
struct PushStatusLine: View {
    let push: PushMonitor

    var body: some View {
        switch push.state {
        case .idle(let through), .finished(let through): Text("Sent through event \(through)")
        case .sending(_, let events): Text("Sending \(events) events…")
        case .backingOff(_, let failures, _): Text("Collector unreachable, retry \(failures)")
        case .stopped(let error): Text("Stopped: \(error.message)")
        case .cancelled: Text("Paused")
        }
    }
}
// end doc-sample
#endif
