import Foundation

/// Carries places from the decoder's thread to a second thread that builds the archive's
/// sections (``ArchiveSections``), so the two halves of the work run on two cores.
///
/// The decoder's side copies each draft into a ``DraftBatch``; a full batch goes to a
/// ``DraftQueue`` served by one worker thread, which replays the batches' drafts in order
/// into the sections: the sections see the same drafts in the same order as without the
/// worker, so the archive is identical. At most two full batches wait, so memory stays
/// bounded however far the decoder runs ahead. Small feeds (under one batch) never start the
/// thread. Not Sendable itself: one builder (and its copies) uses it from one thread.
final class DraftPipeline {
    /// Places per batch (about 1 MiB of a typical feed's text).
    static let batchSize = 4096
    /// Past this many bytes of text copied, drafts are added on the caller's thread, one at a
    /// time, so the archive's 4 GiB text limit is thrown by the very place that reaches it.
    static let workerTextLimit = 3 << 30

    /// The sections; only the worker touches them while it runs (see ``flush()``).
    let box = SectionsBox()
    /// The caller's side in one value, so a place costs one access to this object's state
    /// (unchecked: the pipeline is used from one thread, and `add` does not reenter it).
    @exclusivity(unchecked) private var front: Front

    init() {
        front = Front(box: box)
    }

    deinit { front.queue?.abandon() }

    /// Copies `draft` into the current batch; hands a full batch to the worker.
    func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
        try front.add(draft)
    }

    /// Waits until every batch is in the sections (the rest of the current one added here) and
    /// stops the worker; throws the limit the sections reached, if any.
    func flush() throws(PlaceSinkFull) {
        try front.flush()
    }

    /// Waits until every place added so far is in the sections (the worker keeps running), so
    /// the bytes the drafts borrowed may go; a limit reached is thrown later.
    func drain() {
        front.drain()
    }

    private struct Front {
        let box: SectionsBox
        var batch = DraftBatch()
        var queue: DraftQueue?
        var failure: PlaceSinkFull?
        var textBytes = 0

        init(box: SectionsBox) {
            self.box = box
        }

        mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
            if let failure { throw failure }
            textBytes += batch.append(draft)
            if textBytes > DraftPipeline.workerTextLimit {
                try flush()
            } else if batch.count >= DraftPipeline.batchSize {
                try submit()
            }
        }

        mutating func drain() {
            guard let queue else {
                if batch.count > 0, failure == nil { failure = box.take(batch) }
                batch.removeAll()
                return
            }
            if batch.count > 0 { try? submit() }
            batch.removeAll()
            queue.waitUntilIdle()
        }

        mutating func flush() throws(PlaceSinkFull) {
            if let queue {
                self.queue = nil
                if let failed = queue.finish(), failure == nil { failure = failed }
            }
            if failure == nil { failure = box.take(batch) }
            batch.removeAll()
            if let failure { throw failure }
        }

        private mutating func submit() throws(PlaceSinkFull) {
            let queue: DraftQueue
            if let running = self.queue {
                queue = running
            } else {
                queue = DraftQueue(box: box)
                self.queue = queue
                let thread = Thread { queue.serve() }
                thread.stackSize = 1 << 20
                thread.start()
            }
            switch queue.exchange(batch) {
            case .success(let empty): batch = empty
            case .failure(let error):
                failure = error
                throw error
            }
        }
    }
}

/// The archive's sections, owned by one thread at a time: the worker while it runs, the
/// builder's thread before it starts and after ``DraftQueue/finish()`` returns (the queue's
/// lock orders the two).
final class SectionsBox: @unchecked Sendable {
    var sections = ArchiveSections()

    /// Adds the batch's places in order; the limit reached, if any (later places are dropped).
    func take(_ batch: DraftBatch) -> PlaceSinkFull? {
        sections.add(batch)
    }
}

extension ArchiveSections {
    /// Adds a batch's places in order; the limit reached, if any (later places are dropped).
    mutating func add(_ batch: DraftBatch) -> PlaceSinkFull? {
        batch.replay { (draft) throws(PlaceSinkFull) in try add(draft) }
    }
}

/// Full batches waiting for the worker, and the worker's state; every field is read and
/// written only with `condition` locked, and a batch belongs to one side at a time.
final class DraftQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let box: SectionsBox
    private var pending: [DraftBatch] = []
    private var spare: [DraftBatch] = []
    private var working = false
    private var closed = false
    private var failure: PlaceSinkFull?

    init(box: SectionsBox) {
        self.box = box
    }

    /// Hands `full` over (waiting while two batches are waiting) and returns an empty batch,
    /// or the limit the sections reached.
    func exchange(_ full: DraftBatch) -> Result<DraftBatch, PlaceSinkFull> {
        condition.lock()
        defer { condition.unlock() }
        if let failure { return .failure(failure) }
        while pending.count >= 2 { condition.wait() }
        pending.append(full)
        condition.broadcast()
        return .success(spare.popLast() ?? DraftBatch())
    }

    /// The worker thread's loop: adds batches in order until the queue is closed and empty.
    func serve() {
        condition.lock()
        while true {
            while pending.isEmpty, !closed { condition.wait() }
            if pending.isEmpty { break }
            var batch = pending.removeFirst()
            working = true
            let skip = failure != nil
            condition.unlock()
            let failed = skip ? nil : box.take(batch)
            batch.removeAll()
            condition.lock()
            working = false
            if failure == nil { failure = failed }
            spare.append(batch)
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Waits until the worker has added every batch handed over.
    func waitUntilIdle() {
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty || working { condition.wait() }
    }

    /// Waits until the worker has added every batch, then lets it end; the limit reached, if any.
    func finish() -> PlaceSinkFull? {
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty || working { condition.wait() }
        closed = true
        condition.broadcast()
        return failure
    }

    /// The builder was dropped unfinished: the batches waiting are dropped, and the worker
    /// ends after the batch in hand (waited for, as it may borrow the decoder's bytes).
    func abandon() {
        condition.lock()
        pending.removeAll()
        closed = true
        condition.broadcast()
        while working { condition.wait() }
        condition.unlock()
    }
}
