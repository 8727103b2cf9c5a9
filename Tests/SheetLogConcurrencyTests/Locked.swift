import SheetLogCore

/// A value shared between the test and the thread that runs the default-mode files one after another
/// (a LockedBox: this target runs under ThreadSanitizer, which does not follow Mutex's futex on Linux).
final class Locked<Value: Sendable>: Sendable {
    private let stored: LockedBox<Value>

    init(_ value: Value) { stored = LockedBox(value) }

    var value: Value { stored.withLock { $0 } }

    func update(_ change: (inout Value) -> Void) { stored.withLock { change(&$0) } }
}
