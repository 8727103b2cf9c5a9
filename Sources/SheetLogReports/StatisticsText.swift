import SheetLog

/// The table of `sheetlog stats` (and of each device in `sheetlog-server stats`).
package enum StatisticsText {
    package static func human(_ stats: Statistics) -> String {
        var table = TextTable(["STATISTIC", "VALUE"])
        table.append(["events", String(stats.events)])
        table.append(["sessions", String(stats.sessions)])
        for type in stats.eventsByType.keys.sorted() { table.append(["events of type \(type)", String(stats.eventsByType[type]!)]) }
        table.append(["open drafts", String(stats.openDrafts)])
        table.append(["recoverable drafts", String(stats.recoverableDrafts)])
        table.append(["file size (bytes)", String(stats.fileBytes)])
        table.append(["bytes per event", String(Int(stats.bytesPerEvent.rounded()))])
        if let begins = stats.keptLogBegins, let at = stats.lastPrunedAt, let removed = stats.prunedEvents {
            table.append(["kept log begins at position", String(begins)])
            table.append(["last pruned", TimeText.iso(at) ?? ""])
            table.append(["events pruned in all", String(removed)])
        }
        return table.render()
    }
}
