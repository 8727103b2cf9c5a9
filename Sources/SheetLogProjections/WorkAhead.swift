import Dispatch

/// Runs pure pieces of work on one background thread, in the order they are submitted, while the
/// caller goes on with its own; the caller takes the results back in that same order.
///
/// Rebuild's two halves each have a part that needs the database's thread (reading rows and
/// folding them, inserting rows) and a pure part that does not (decoding payloads, encoding a
/// row's JSON): the pure part runs here, on the machine's other core, a few pieces ahead. The
/// results, and so the rows written, are the same as when the work runs in line.
struct WorkAhead<Output: Sendable> {
    /// One piece of work; its output is read only after `ready` is signalled.
    private final class Slot: @unchecked Sendable {
        let ready = DispatchSemaphore(value: 0)
        // Written once on the queue before `ready.signal()`, read once after `ready.wait()`.
        var output: Output?
    }

    /// How many pieces may be submitted and not yet taken back.
    let depth: Int
    private let queue: DispatchQueue
    private var pending: [Slot] = []

    init(label: String, depth: Int) {
        self.depth = max(1, depth)
        queue = DispatchQueue(label: label)
    }

    /// Whether another piece may be submitted before the oldest is taken back.
    var hasRoom: Bool { pending.count < depth }

    var isEmpty: Bool { pending.isEmpty }

    mutating func submit(_ work: @escaping @Sendable () -> Output) {
        let slot = Slot()
        queue.async {
            slot.output = work()
            slot.ready.signal()
        }
        pending.append(slot)
    }

    /// The output of the oldest piece not taken back yet, once it is done.
    mutating func next() -> Output {
        let slot = pending.removeFirst()
        slot.ready.wait()
        return slot.output!
    }
}
