/// What `print`, string interpolation and the debugger show of a presentation.
///
/// `description` names fields, never their values, so that a sheet written to a log does not carry
/// what a person typed; the mirror (`dump`, the debugger's variables view) shows every stored
/// property, values included, instead of the copy-on-write box that holds them.
extension Presentation: CustomStringConvertible, CustomReflectable {
    /// `Presentation(expense-1, route newExpense, open, dirty: amount, category, locked, alert from swipe)`.
    public var description: String {
        var parts = ["\(id)", "route \(route.name)" + (route.group == route.name ? "" : " (group \(route.group))"), status.rawValue]
        let changed = changedFields
        parts.append(changed.isEmpty ? "clean" : "dirty: " + changed.joined(separator: ", "))
        if isDismissDisabled { parts.append("locked") }
        if let pending = pendingConfirmation {
            parts.append("alert from \(pending.source.rawValue)" + (pending.offersSave ? " offering Save" : ""))
        }
        if let restoredFrom { parts.append("restored from \(restoredFrom)") }
        return "Presentation(" + parts.joined(separator: ", ") + ")"
    }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "route": route, "status": status, "baseline": baseline, "values": values, "required": required,
                "dismissGuard": dismissGuard, "pendingConfirmation": pendingConfirmation as Any, "restoredFrom": restoredFrom as Any,
                "openedAt": openedAt, "closedAt": closedAt as Any, "lastEditAt": lastEditAt as Any,
                "lastSaveFailureAt": lastSaveFailureAt as Any, "editedFields": editedFields.sorted(),
            ],
            displayStyle: .struct)
    }
}

/// `SessionState(window-1, version 5, stack: expense-1 [dirty, locked])`: ids and flags, no values.
extension SessionState: CustomStringConvertible {
    public var description: String {
        let sheets = stack.map { sheet -> String in
            var flags: [String] = []
            if sheet.isDirty { flags.append("dirty") }
            if sheet.isDismissDisabled { flags.append("locked") }
            if sheet.pendingConfirmation != nil { flags.append("alert") }
            return flags.isEmpty ? sheet.id : "\(sheet.id) [\(flags.joined(separator: ", "))]"
        }
        let stackText = sheets.isEmpty ? "empty" : sheets.joined(separator: ", ")
        return "SessionState(\(sessionID), version \(version), stack: \(stackText)\(ended ? ", ended" : ""))"
    }
}
