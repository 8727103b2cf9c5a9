import ArgumentParser

/// The figures of the benchmark, as `--figure` names them, in the order the report prints them.
enum FigureName: String, CaseIterable, ExpressibleByArgument {
    case durableAppend = "durable-append"
    case fastAppend = "fast-append"
    case burst
    case ingestFile = "ingest-file"
    case ingestEach = "ingest-each"
    case ingest
    case rebuild
    case replay
    case recovery
    case audit
    case size
    case sealed
    case prunePause = "prune-pause"

    /// How the report's figures of this kind are named: the title alone or followed by a space and
    /// more ("durable append p99", "audit query at 1M").
    var title: String {
        switch self {
        case .durableAppend: "durable append"
        case .fastAppend: "fast append"
        case .burst: "burst of 100 edits"
        case .ingestFile: "sheetlog ingest of a file"
        case .ingestEach: "sheetlog ingest --each"
        case .ingest: "ingest"
        case .rebuild: "rebuild"
        case .replay: "replay"
        case .recovery: "recovery at launch"
        case .audit: "audit query"
        case .size: "size"
        case .sealed: "sealed"
        case .prunePause: "longest edit during a prune"
        }
    }

    /// The kind that produces a report figure of this name; nil for a name no kind produces.
    static func producing(_ figureName: String) -> FigureName? {
        allCases.first { figureName == $0.title || figureName.hasPrefix($0.title + " ") }
    }
}
