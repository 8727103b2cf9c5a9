#if canImport(UIKit)
import Foundation
import SheetLog
import UIKit

// The UIKit block of docs/app-integration.md, compiled where UIKit exists (its text is checked
// everywhere by DocSampleTests). What it relies on is tested through the coordinator on every
// platform: see CoordinatorSwipeTests.

// doc-sample: docs/app-integration.md
/// Presents the expense form as a sheet; what is on screen follows the coordinator, that is the log.
final class ExpensesViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
    let coordinator: SheetCoordinator
    private var form: UINavigationController?

    init(coordinator: SheetCoordinator) {
        self.coordinator = coordinator
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    func addExpense() {
        Task {
            await coordinator.present("expense-\(UUID().uuidString)", route: Route(name: "newExpense", group: "editor"),
                                      required: ["amount"])
            render()
        }
    }

    /// Called after every command: the sheet is up while the log has it, locked while the log says
    /// so, and the discard alert is up while a confirmation is pending.
    func render() {
        guard coordinator.presentedSheet != nil else {
            form?.dismiss(animated: true)
            form = nil
            return
        }
        if form == nil {
            let editor = ExpenseFormViewController(coordinator: coordinator, onChange: { [weak self] in self?.render() })
            let navigation = UINavigationController(rootViewController: editor)
            navigation.presentationController?.delegate = self
            present(navigation, animated: true)
            form = navigation
        }
        form?.isModalInPresentation = coordinator.isDismissDisabled
        if let pending = coordinator.pendingConfirmation, form?.presentedViewController == nil {
            form?.present(discardAlert(offersSave: pending.offersSave), animated: true)
        }
    }

    /// A swipe on the locked sheet: the log blocks it and asks, offering Save.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        Task {
            await coordinator.attemptDismiss(source: .swipe)
            render()
        }
    }

    /// A swipe UIKit let through (the sheet was not locked): record it, or the log keeps the sheet.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        form = nil
        Task {
            await coordinator.attemptDismiss(source: .swipe)
            render()
        }
    }

    private func discardAlert(offersSave: Bool) -> UIAlertController {
        let alert = UIAlertController(title: "Discard changes?", message: nil, preferredStyle: .alert)
        if offersSave {  // Save only after a swipe, not after Cancel
            alert.addAction(UIAlertAction(title: "Save", style: .default) { _ in
                Task { @MainActor in
                    await self.coordinator.save()
                    self.render()
                }
            })
        }
        alert.addAction(UIAlertAction(title: "Discard Changes", style: .destructive) { _ in
            Task { @MainActor in
                await self.coordinator.confirmDiscard()
                self.render()
            }
        })
        alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel) { _ in
            Task { @MainActor in
                await self.coordinator.keepEditing()
                self.render()
            }
        })
        return alert
    }
}
// end doc-sample

/// The app's form, as the example uses it.
final class ExpenseFormViewController: UIViewController {
    let coordinator: SheetCoordinator
    let onChange: () -> Void

    init(coordinator: SheetCoordinator, onChange: @escaping () -> Void) {
        self.coordinator = coordinator
        self.onChange = onChange
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}
#endif
