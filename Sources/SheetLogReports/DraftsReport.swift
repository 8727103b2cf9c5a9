import SheetLog

/// The rows of `sheetlog recover --json`, the same bytes wherever they are served.
package enum DraftsReport {
    /// A pretty-printed JSON array of ``RecoverableDraftJSON``, values masked with `mask`.
    package static func json(_ drafts: [RecoverableDraft], mask: ValueMask = .shown) throws(SheetLogError) -> String {
        try JSONOutput.pretty(drafts.map { RecoverableDraftJSON(mask.apply($0)) })
    }

    /// ``json(_:)`` with a `"device"` key in each object (`sheetlog-server recover`).
    package static func json(_ drafts: [RecoverableDraft], devices: [String]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(zip(devices, drafts).map { DeviceJSON(device: $0, RecoverableDraftJSON($1)) })
    }
}
