import ArgumentParser
import Foundation
import SheetLogCore

/// `sheetlog-server collector-key FILE`: makes the collector's key pair.
struct CollectorKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collector-key",
        abstract: "Make the collector's key pair: devices share their subjects' keys for it (sheetlog push --share-keys).",
        discussion: """
            Writes the private key to FILE (mode 0600; an existing file is never overwritten) and prints \
            the public key, 64 hex digits, as the only line on standard output: a device may pin it with \
            push --collector-key. Keep FILE apart from the fleet store and its backups: the shared keys \
            stored there open only with it. Serve with serve --postgres URL --collector-key FILE. \
            Exit codes: 0, 1 the file could not be written, 2 usage.
            """)

    @Argument(help: ArgumentHelp("Where to write the private key (a new file).", valueName: "file")) var file: String

    func run() throws {
        let key = CollectorKey.generate()
        try key.write(toNewFileAt: file)
        CommandIO.output("\(key.publicKey)\n")
        CommandIO.error("sheetlog-server: wrote the collector's private key to \(file); its public key is above\n")
    }
}
