import SheetLog
import Foundation

/// Writes to stdout and stderr without buffering surprises: every write is flushed, so that
/// acks reach a reading process at once and stderr never interleaves out of order.
enum Terminal {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `line` and a line break to stdout.
    static func writeLine(_ line: String = "") {
        write(line + "\n")
    }

    /// Writes `line` and a line break to stderr.
    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }

    /// Writes a one-sentence failure to stderr with its control and bidi formatting characters
    /// escaped: it may quote an id from a log written before ids were checked.
    static func writeFailure(_ sentence: String) {
        writeError(NameCharacters.escaped(sentence))
    }
}
