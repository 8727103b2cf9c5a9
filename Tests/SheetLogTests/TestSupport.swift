import Foundation
import SheetLog

/// A fresh directory for one test's database files, removed with the value.
final class TemporaryDirectory: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-facade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String = "sheets.sqlite") -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Options with a manual clock, so that times in assertions are known.
func testOptions(clock: ManualClock = ManualClock(), metadata: [String: String] = ["appVersion": "1.0"]) -> SheetLogDatabase.Options {
    SheetLogDatabase.Options(durability: .normal, clock: clock, metadata: metadata)
}

extension Route {
    static let newExpense = Route(name: "newExpense")
    static let newFriend = Route(name: "newFriend")
    static let composer = Route(name: "composer", group: "editor")
    static let editProfile = Route(name: "editProfile", group: "editor")
}
