import Foundation
import SheetLog
import Testing

/// A view's own Swift values go into a form as they are, and come out as Swift values again.
@Suite struct FieldValueInSwiftTests {
    @Test func aViewsValuesAreRecordedAsTheyAre() async throws {
        let coordinator = SheetCoordinator(database: try SheetLogDatabase.inMemory(), session: "window-1")
        await coordinator.present("expense-1", route: Route(name: "newExpense"), baseline: ["notes": "old"])
        let amountText = "47.50"
        let guests = 3
        let reimbursable = true
        let notes: String? = nil
        #expect(await coordinator.edit("amount", to: amountText))
        #expect(await coordinator.edit("guests", to: guests))
        #expect(await coordinator.edit("rate", to: 0.2))
        #expect(await coordinator.edit("reimbursable", to: reimbursable))
        #expect(await coordinator.edit("notes", to: notes))
        #expect(await coordinator.edit("category", to: "Travel"))

        let values = coordinator.values
        #expect(values["amount"]?.stringValue == amountText)
        #expect(values["guests"]?.numberValue == 3)
        #expect(values["rate"]?.numberValue == 0.2)
        #expect(values["reimbursable"]?.boolValue == true)
        #expect(values["notes"]?.isNull == true)
        #expect(values["amount"]?.numberValue == nil)
        #expect(FieldValue(amountText) == .string("47.50") && FieldValue(guests) == .number(3) && FieldValue(false) == .bool(false))
    }

    @Test func aSheetPrintsWhatItIsWithoutItsValues() async throws {
        let coordinator = SheetCoordinator(database: try SheetLogDatabase.inMemory(), session: "window-1")
        await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"), required: ["amount"])
        await coordinator.edit("amount", to: "47.50")
        await coordinator.attemptDismiss(source: .swipe)
        let sheet = try #require(coordinator.presentedSheet)
        let text = "\(sheet)"
        #expect(text.hasPrefix("Presentation(expense-1, route newExpense (group editor), open, dirty: amount, locked"))
        #expect(text.contains("alert from swipe offering Save"))
        #expect(!text.contains("47.50"), "a printed sheet may reach a log: no typed value")
        #expect(!text.contains("storage"))
        #expect("\(coordinator.state)" == "SessionState(window-1, version 3, stack: expense-1 [dirty, locked, alert])")

        // The debugger (and `dump`) shows the fields, values included, not the copy-on-write box.
        var dumped = ""
        dump(sheet, to: &dumped)
        #expect(dumped.contains("47.50") && dumped.contains("route") && !dumped.contains("storage"))
    }

    @Test func aMasterKeyIsThirtyTwoBytes() {
        #expect(MasterKey(bytes: [UInt8](repeating: 7, count: 32)) != nil)
        #expect(MasterKey(bytes: [UInt8](repeating: 7, count: 16)) == nil)
    }
}
