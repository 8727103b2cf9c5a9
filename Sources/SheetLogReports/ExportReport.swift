import SheetLog
import SheetLogIngest

/// The lines of `sheetlog export` (ingest lines, with ids and times): the same bytes from the CLI
/// and from the viewer's "export for a bug report" link.
package enum ExportReport {
    /// One entry as its ingest lines, without the last line break: one line, or a base's several.
    package static func line(_ entry: ExportedEntry) throws(SheetLogError) -> String {
        switch entry {
        case .base(let image):
            return IngestEncoder.lines(of: image).joined(separator: "\n")
        case .command(let envelope):
            return try IngestEncoder.encode(IngestLine(
                session: envelope.session, command: envelope.command, id: envelope.id, occurredAt: envelope.occurredAt,
                subject: envelope.subject))
        case .erasure(let erasure):
            // Ingested into a sealed copy, it erases the subject there at the same point.
            return IngestEncoder.encode(IngestErasure(
                subject: erasure.subject, requestedBy: erasure.requestedBy, id: erasure.id, occurredAt: erasure.occurredAt))
        }
    }

    /// Every entry's line, each ending with a line break.
    package static func text(_ entries: [ExportedEntry]) throws(SheetLogError) -> String {
        var text = ""
        for entry in entries { text += try line(entry) + "\n" }
        return text
    }
}
