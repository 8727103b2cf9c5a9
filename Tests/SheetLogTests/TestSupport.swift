import Foundation
import SheetLog
import SheetLogTestSupport

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
