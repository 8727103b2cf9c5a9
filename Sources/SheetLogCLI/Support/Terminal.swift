import Foundation
import SheetLog
import SheetLogCore

/// Writes to stdout and stderr without buffering surprises: every write is flushed, so that
/// acks reach a reading process at once and stderr never interleaves out of order.
///
/// The streams are this run's ``CommandIO``: the process's own for the binary, a test's buffers when
/// a test runs the command in its process.
enum Terminal {
    /// This run's input, output and environment (``CommandIO/current``, a task-local: runs in one
    /// process at the same time, tests', never write into each other's output).
    static var io: CommandIO { CommandIO.current }

    static func write(_ text: String) {
        io.write(.output, text)
    }

    /// Writes `line` and a line break to stdout.
    static func writeLine(_ line: String = "") {
        write(line + "\n")
    }

    /// Writes `line` and a line break to stderr.
    static func writeError(_ line: String) {
        io.write(.error, line.hasSuffix("\n") ? line : line + "\n")
    }

    /// Writes a one-sentence failure to stderr with its control and bidi formatting characters
    /// escaped: it may quote an id from a log written before ids were checked.
    static func writeFailure(_ sentence: String) {
        writeError(NameCharacters.escaped(sentence))
    }
}
