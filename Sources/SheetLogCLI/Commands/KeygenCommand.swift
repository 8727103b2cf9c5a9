import ArgumentParser
import SheetLog

/// `sheetlog keygen FILE`: writes a new master key for sealed databases.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new master key for sealed databases to FILE (mode 0600; an existing file is never overwritten).",
        discussion: """
            Give it to the commands as --key-file FILE or $SHEETLOG_KEY_FILE: a new database is then created \
            sealed (every form value encrypted), and a sealed one opens only with its own key. Keep the key \
            apart from the database and its backups: whoever holds both reads every value; whoever loses the \
            key loses every value.
            """)

    @Argument(help: ArgumentHelp("Where to write the key.", valueName: "file")) var file: String

    func run() throws {
        let key = MasterKey.generate()
        try key.write(toNewFileAt: file)
        Terminal.writeLine("wrote a new master key to \(file) (mode 0600, check \(key.check))")
    }
}
