#if canImport(SwiftUI)
import Foundation
import SheetLog
import SwiftUI

// The SwiftUI block of docs/app-integration.md, compiled where SwiftUI exists (its text is checked
// everywhere by DocSampleTests). What it relies on is tested through the coordinator on every
// platform: see CoordinatorSwipeTests.

// doc-sample: docs/app-integration.md
struct ExpensesScreen: View {
    @State var coordinator: SheetCoordinator
    let expenses: ExpenseRepository

    var body: some View {
        ExpenseList(onAdd: { Task { await coordinator.present("expense-\(UUID().uuidString)",
                                                              route: Route(name: "newExpense", group: "editor"),
                                                              required: ["amount"]) } })
            .sheet(item: Binding(get: { coordinator.presentedSheet },
                                 set: { shown in
                                     // SwiftUI sets nil after a swipe it let through (the sheet was not
                                     // locked): record it, or the log keeps the sheet on screen.
                                     if shown == nil, let top = coordinator.presentedSheet {
                                         Task { await coordinator.record(.attemptDismiss(source: .swipe, presentation: top.id)) }
                                     }
                                 })) { _ in
                ExpenseForm(values: coordinator.values,
                            onEdit: { field, value in Task { await coordinator.edit(field, to: value) } },
                            onCancel: { Task { await coordinator.attemptDismiss(source: .cancelButton) } },
                            onSave: { Task { await save() } })
                    .interactiveDismissDisabled(coordinator.isDismissDisabled)
                    .confirmationDialog("Discard changes?",
                                        isPresented: Binding(get: { coordinator.pendingConfirmation != nil }, set: { _ in })) {
                        if coordinator.pendingConfirmation?.offersSave == true {     // Save only after a swipe
                            Button("Save") { Task { await save() } }
                        }
                        Button("Discard Changes", role: .destructive) { Task { await coordinator.confirmDiscard() } }
                        Button("Keep Editing", role: .cancel) { Task { await coordinator.keepEditing() } }
                    }
            }
    }

    /// Stores the form in the app's own repository, then records how that went.
    private func save() async {
        do {
            try await expenses.add(coordinator.values)
            await coordinator.save()
        } catch {
            await coordinator.saveFailed(reason: "the repository refused the expense")  // never a form value
        }
    }
}
// end doc-sample

/// The app's list of expenses, as the example uses it.
struct ExpenseList: View {
    var onAdd: () -> Void
    var body: some View { Button("Add", action: onAdd) }
}

/// The app's form, as the example uses it.
struct ExpenseForm: View {
    var values: [String: FieldValue]
    var onEdit: (String, FieldValue) -> Void
    var onCancel: () -> Void
    var onSave: () -> Void
    var body: some View {
        VStack {
            Button("Cancel", action: onCancel)
            Button("Save", action: onSave)
        }
    }
}

/// The app's own store of expenses.
struct ExpenseRepository: Sendable {
    func add(_ values: [String: FieldValue]) async throws {}
}
/// A text field that records each change of its text (SheetCoordinator.edit(_:to:)'s example).
struct AmountField: View {
    let coordinator: SheetCoordinator
    @State var amountText = ""

    var body: some View {
        // doc-sample: Sources/SheetLog/Coordinator/SheetCoordinator.swift
        TextField("Amount", text: $amountText)
            .onChange(of: amountText) { _, text in Task { await coordinator.edit("amount", to: text) } }
        // end doc-sample
    }
}

/// The scene phase posting the suspension notifications (SheetLogDatabase.suspendNotification's example).
struct SuspendingRoot: View {
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        Text("Expenses")
        // doc-sample: Sources/SheetLog/Platform/SheetLogDatabase+Suspension.swift
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .background: NotificationCenter.default.post(name: SheetLogDatabase.suspendNotification, object: nil)
            case .active: NotificationCenter.default.post(name: SheetLogDatabase.resumeNotification, object: nil)
            case .inactive: break
            @unknown default: break
            }
        }
        // end doc-sample
    }
}

// doc-sample: docs/app-integration.md
struct PushStatusLine: View {
    let push: PushMonitor

    var body: some View {
        switch push.state {
        case .idle(let through), .finished(let through): Text("Sent through event \(through)")
        case .sending(_, let events): Text("Sending \(events) events…")
        case .backingOff(_, let failures, _): Text("Collector unreachable, retry \(failures)")
        case .stopped(let error): Text("Stopped: \(error.message)")
        case .cancelled: Text("Paused")
        }
    }
}
// end doc-sample
#endif
