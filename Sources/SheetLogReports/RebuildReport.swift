/// What `sheetlog rebuild` prints (and `sheetlog-server rebuild` for each device): `{"rebuilt":true}`
/// for machines, one sentence for people.
package struct RebuildReport: Encodable {
    package var rebuilt = true

    package init() {}

    /// The sentence, with the position of the log's last event, and its line break.
    package static func human(lastPosition: Int64) -> String {
        "rebuilt the projections from the log (last position \(lastPosition))\n"
    }
}
