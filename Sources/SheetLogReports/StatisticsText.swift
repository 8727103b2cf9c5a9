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
        return table.render()
    }
}
