import SheetLog
import SheetLogIngest

/// The base a default ingest begins with: a `base` line, then as many `baseErasure` and
/// `baseSession` lines as it announces, in that order, before any other line. Assembled and
/// checked before the database is touched, so that a misplaced or missing line rejects the input
/// with nothing written.
struct IngestBaseLines {
    let image: LogBaseImage
    /// The input line of the `base` line, and of each session's line.
    let headerLine: Int
    let sessionLines: [String: Int]
    /// How many of the input's first lines the base takes, and the last of them.
    let lineCount: Int
    let lastLine: Int

    /// The base at the start of `lines`; nil when the first line is no base line.
    init?(_ lines: [IngestBatchRun.Numbered<IngestEntry>]) throws(SheetLogError) {
        guard case .base(let first)? = lines.first?.line else { return nil }
        let headerLine = lines[0].number
        guard case .header(var image, let erasures, let sessions) = first else {
            throw SheetLogError(
                .invalidInput, "a \(first.type) line comes after the base line it belongs to, which begins the input",
                context: .init(eventType: first.type, operation: "ingest", line: headerLine))
        }
        var sessionLines: [String: Int] = [:]
        let expected = erasures + sessions
        for index in 1..<(1 + expected) {
            let wanted = index <= erasures ? IngestBasePart.erasureType : IngestBasePart.sessionType
            guard index < lines.count else {
                throw SheetLogError(
                    .invalidInput,
                    "the base at line \(headerLine) announces \(erasures) \(IngestBasePart.erasureType) and \(sessions) \(IngestBasePart.sessionType) lines, and the input ends after \(index - 1)",
                    context: .init(eventType: IngestBasePart.headerType, operation: "ingest", line: headerLine))
            }
            let (number, entry) = lines[index]
            switch entry {
            case .base(.erasure(let erasure)) where wanted == IngestBasePart.erasureType:
                image.erasures.append(erasure)
            case .base(.session(let session)) where wanted == IngestBasePart.sessionType:
                image.sessions.append(session)
                sessionLines[session.session] = number
            case .base, .command, .erasure:
                throw SheetLogError(
                    .invalidInput,
                    "the base at line \(headerLine) announces \(erasures) \(IngestBasePart.erasureType) then \(sessions) \(IngestBasePart.sessionType) lines: line \(number) should be a \(wanted) line",
                    context: .init(eventType: IngestBasePart.headerType, operation: "ingest", line: number))
            }
        }
        self.image = image
        self.headerLine = headerLine
        self.sessionLines = sessionLines
        lineCount = 1 + expected
        lastLine = lines[expected].number
    }

    /// The line an error of the installation is about: a session's own line, else the `base` line.
    func line(of error: SheetLogError) -> Int {
        error.context.stream.flatMap { sessionLines[$0] } ?? headerLine
    }

    /// A base line anywhere but at the start of the input.
    static func misplaced(line: Int) -> SheetLogError {
        SheetLogError(
            .invalidInput,
            "a pruned log's base (its \(IngestBasePart.headerType), \(IngestBasePart.erasureType) and \(IngestBasePart.sessionType) lines) comes first in the input, before any other line",
            context: .init(operation: "ingest", line: line))
    }

    /// A base line given to `ingest --each`, which answers lines one by one.
    static func notEach(_ part: IngestBasePart) -> SheetLogError {
        SheetLogError(
            .invalidInput,
            "a \(part.type) line is part of a pruned log's base, which is installed whole, with its other lines, by ingest without --each",
            context: .init(eventType: part.type, operation: "ingest"))
    }
}
