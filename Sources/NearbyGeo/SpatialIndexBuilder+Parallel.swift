// The index build's use of a second core: independent halves of the work (two subtrees, two
// halves of the points or of the checksummed blocks) run at once, each writing only its own
// part of the image, so the image is byte for byte what one thread builds.

import Foundation

/// Runs two pieces of work at once, the first on a new thread and the second on the caller's,
/// and returns when both are done.
///
/// Both closures must write disjoint memory; the hand-off is explicit: the work is `Sendable`
/// and the join (an ``NSCondition``) orders everything the new thread wrote before the return.
enum ForkJoin {
    /// Work below this many items is not worth a thread (about 50 µs of thread start-up).
    static let minimumItems = 1 << 15

    static func both(_ first: @escaping @Sendable () -> Void, _ second: () -> Void) {
        let done = JoinFlag()
        let thread = Thread {
            first()
            done.set()
        }
        thread.stackSize = 1 << 20
        thread.start()
        second()
        done.wait()
    }
}

/// Set once by the forked thread, waited for by the caller.
private final class JoinFlag: @unchecked Sendable {
    // `isSet` is only read or written with `condition` locked.
    private let condition = NSCondition()
    private var isSet = false

    func set() {
        condition.lock()
        isSet = true
        condition.broadcast()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while !isSet { condition.wait() }
        condition.unlock()
    }
}

/// A raw pointer handed to another thread that writes only its own part of the memory behind
/// it (the parts are disjoint by construction at every use).
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
