@testable import SheetLogCLI
import SheetLogCore
@testable import SheetLogServerCLI
import SheetLogTestSupport

extension InProcessCommand.Entry {
    /// `sheetlog`'s entry function, as the binary's `main` runs it: these tests run the command in
    /// their own process (SheetLogCLITests' `CLIBinaryEndToEndTests` runs the binary, once per command).
    static let sheetlog = Self { await SheetLogCommand.run(arguments: $0, io: CommandIO(standardInput: $1, environment: $2, write: $3)) }

    /// `sheetlog-server`'s entry function, as its `main` runs it (`serve` excepted: it sets up the
    /// process's logging, and its tests run the binary). ServerCLIBinaryEndToEndTests runs each other
    /// command once as the binary.
    static let sheetlogServer = Self {
        await SheetLogServerCommand.run(arguments: $0, io: CommandIO(standardInput: $1, environment: $2, write: $3))
    }
}
