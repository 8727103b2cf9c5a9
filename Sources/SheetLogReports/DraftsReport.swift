import SheetLog

/// The rows of `sheetlog recover --json`, the same bytes wherever they are served.
package enum DraftsReport {
    /// A pretty-printed JSON array of ``RecoverableDraftJSON``.
    package static func json(_ drafts: [RecoverableDraft]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(drafts.map(RecoverableDraftJSON.init))
    }
}
