import Foundation
import SheetLogTestSupport

/// Runs a built executable of this package (`sheetlog`) from the products directory the tests run from.
enum SheetLogBinary {
    typealias Run = ProductBinary.Run

    static func url(_ name: String) -> URL { ProductBinary.url(name) }

    /// Runs `sheetlog arguments…` with no input and waits for it.
    static func run(_ arguments: [String]) throws -> Run {
        try ProductBinary.run(url("sheetlog"), arguments)
    }
}
