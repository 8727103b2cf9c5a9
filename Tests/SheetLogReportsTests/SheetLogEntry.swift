@testable import SheetLogCLI
import SheetLogCore
import SheetLogTestSupport

extension InProcessCommand.Entry {
    /// `sheetlog`'s entry function, as the binary's `main` runs it: these tests run the command in
    /// their own process (SheetLogCLITests' `CLIBinaryEndToEndTests` runs the binary, once per command).
    static let sheetlog = Self { await SheetLogCommand.run(arguments: $0, io: CommandIO(standardInput: $1, environment: $2, write: $3)) }
}
