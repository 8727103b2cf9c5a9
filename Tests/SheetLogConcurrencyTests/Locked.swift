import Synchronization

/// A value shared between the test and the thread that runs the default-mode files one after another.
final class Locked<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>

    init(_ value: Value) { stored = Mutex(value) }

    var value: Value { stored.withLock { $0 } }

    func update(_ change: (inout Value) -> Void) { stored.withLock { change(&$0) } }
}
