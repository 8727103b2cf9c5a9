import ArgumentParser

/// The figures of the benchmark, as `--figure` names them, in the order the report prints them.
enum FigureName: String, CaseIterable, ExpressibleByArgument {
    case durableAppend = "durable-append"
    case fastAppend = "fast-append"
    case ingest
    case rebuild
    case replay
    case recovery
    case audit
    case size
}
