import Dispatch

/// Work started on another thread at once and collected later with ``value()``: a second core
/// does it while the caller does something else.
///
/// The result is written before the group is left and read only after waiting for it, so the
/// unchecked `Sendable` is sound; ``value()`` may be called once or many times, from one thread.
public final class SideTask<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    private let work: @Sendable () -> Value
    private var result: Value?

    /// Starts `work` on a global queue.
    public init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = work()
            group.leave()
        }
    }

    /// Waits for the work and returns what it gave.
    public func value() -> Value {
        group.wait()
        // Always set by then; computing it here instead keeps this free of a trap.
        return result ?? work()
    }
}
