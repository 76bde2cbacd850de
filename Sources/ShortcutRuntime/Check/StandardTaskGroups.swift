/// Swift's task groups, written in the language (`StandardTypes`): `withTaskGroup(of:returning:body:)` and
/// `withThrowingTaskGroup(of:returning:body:)` give their body a group whose `addTask { … }` runs the child task at
/// once — everything runs in order on one thread here (SPEC §13) — and keeps its result, in the order added, for
/// `for await v in group`, `next()` and `waitForAll()`. A child task's error is kept and thrown when the body is done
/// (Swift throws it from the `next()` that meets it).
extension StandardTypes {
    /// `withCheckedContinuation { c in … c.resume(returning: x) }` and `withCheckedThrowingContinuation`: the body runs at
    /// once, and what it resumes with is the value (or the error thrown). A body that returns before resuming is a
    /// runtime error here, where nothing could resume it later.
    static let continuationSource = """
    final class CheckedContinuation<ContinuationResult, ContinuationFailure> {
        var result: ContinuationResult? = nil
        var failure: (any Error)? = nil
        var resumed = false
        func resume(returning value: ContinuationResult) { result = value; resumed = true }
        func resume(throwing error: any Error) { failure = error; resumed = true }
    }

    func withCheckedContinuation<ContinuationResult>(_ body: (CheckedContinuation<ContinuationResult, Never>) -> Void) async -> ContinuationResult {
        let continuation = CheckedContinuation<ContinuationResult, Never>()
        body(continuation)
        guard continuation.resumed, let result = continuation.result else {
            fatalError("the continuation was not resumed before its body returned (everything runs in order here)")
        }
        return result
    }

    func withCheckedThrowingContinuation<ContinuationResult>(_ body: (CheckedContinuation<ContinuationResult, any Error>) -> Void) async throws -> ContinuationResult {
        let continuation = CheckedContinuation<ContinuationResult, any Error>()
        body(continuation)
        if let failure = continuation.failure { throw failure }
        guard continuation.resumed, let result = continuation.result else {
            fatalError("the continuation was not resumed before its body returned (everything runs in order here)")
        }
        return result
    }
    """

    static let taskGroupSource = """
    enum TaskPriority { case high, medium, low, userInitiated, utility, background }

    final class TaskGroup<ChildTaskResult>: Sequence {
        var results: [ChildTaskResult] = []
        var position = 0
        func addTask(operation: () async -> ChildTaskResult) { results.append(operation()) }
        func addTask(priority: TaskPriority?, operation: () async -> ChildTaskResult) { results.append(operation()) }
        func addTaskUnlessCancelled(operation: () async -> ChildTaskResult) -> Bool {
            results.append(operation())
            return true
        }
        func next() async -> ChildTaskResult? {
            guard position < results.count else { return nil }
            position += 1
            return results[position - 1]
        }
        func waitForAll() async { position = results.count }
        var isEmpty: Bool { position >= results.count }
        var isCancelled: Bool { false }
        func cancelAll() {}
        func makeIterator() -> TaskGroupIterator<ChildTaskResult> { TaskGroupIterator(group: self) }
    }

    // A throwing group is a group of the results that came, and the first error a child threw.
    final class ThrowingTaskGroup<ChildTaskResult, Failure>: Sequence {
        let group = TaskGroup<ChildTaskResult>()
        var failure: (any Error)? = nil
        func addTask(operation: () async throws -> ChildTaskResult) {
            do { group.results.append(try operation()) } catch { if failure == nil { failure = error } }
        }
        func addTask(priority: TaskPriority?, operation: () async throws -> ChildTaskResult) { addTask(operation: operation) }
        func addTaskUnlessCancelled(operation: () async throws -> ChildTaskResult) -> Bool {
            addTask(operation: operation)
            return true
        }
        func next() async throws -> ChildTaskResult? {
            if let failure { throw failure }
            return await group.next()
        }
        func waitForAll() async throws {
            if let failure { throw failure }
            await group.waitForAll()
        }
        var isEmpty: Bool { group.isEmpty }
        var isCancelled: Bool { false }
        func cancelAll() {}
        func makeIterator() -> TaskGroupIterator<ChildTaskResult> { TaskGroupIterator(group: group) }
    }

    struct TaskGroupIterator<ChildTaskResult>: IteratorProtocol {
        let group: TaskGroup<ChildTaskResult>
        mutating func next() -> ChildTaskResult? {
            guard group.position < group.results.count else { return nil }
            group.position += 1
            return group.results[group.position - 1]
        }
    }

    func withTaskGroup<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type, body: (TaskGroup<ChildTaskResult>) async -> GroupResult) async -> GroupResult {
        let group = TaskGroup<ChildTaskResult>()
        return await body(group)
    }

    func withTaskGroup<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type, returning returnType: GroupResult.Type, body: (TaskGroup<ChildTaskResult>) async -> GroupResult) async -> GroupResult {
        let group = TaskGroup<ChildTaskResult>()
        return await body(group)
    }

    func withThrowingTaskGroup<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type, body: (ThrowingTaskGroup<ChildTaskResult, any Error>) async throws -> GroupResult) async throws -> GroupResult {
        let group = ThrowingTaskGroup<ChildTaskResult, any Error>()
        let result = try await body(group)
        if let failure = group.failure { throw failure }
        return result
    }

    func withThrowingTaskGroup<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type, returning returnType: GroupResult.Type, body: (ThrowingTaskGroup<ChildTaskResult, any Error>) async throws -> GroupResult) async throws -> GroupResult {
        let group = ThrowingTaskGroup<ChildTaskResult, any Error>()
        let result = try await body(group)
        if let failure = group.failure { throw failure }
        return result
    }
    """

    /// `AsyncStream<Int> { continuation in … continuation.yield(x) … continuation.finish() }` and
    /// `AsyncStream.makeStream(of:)`: what is yielded, in order, for `for await x in stream`. The build closure runs at once
    /// (everything runs in order here), and a value yielded after `finish()` is dropped, as Swift drops it.
    static let asyncStreamSource = """
    final class AsyncStream<Element>: Sequence {
        var __elements: [Element] = []
        var __finished = false
        init(_ build: (AsyncStreamContinuation<Element>) -> Void) { build(AsyncStreamContinuation(__stream: self)) }
        init(_ elementType: Element.Type, _ build: (AsyncStreamContinuation<Element>) -> Void) { build(AsyncStreamContinuation(__stream: self)) }
        init(__empty: Bool) {}
        static func makeStream(of elementType: Element.Type) -> (stream: AsyncStream<Element>, continuation: AsyncStreamContinuation<Element>) {
            let stream = AsyncStream<Element>(__empty: true)
            return (stream, AsyncStreamContinuation(__stream: stream))
        }
        func makeIterator() -> AsyncStreamIterator<Element> { AsyncStreamIterator(__stream: self) }
    }

    final class AsyncStreamContinuation<Element> {
        let __stream: AsyncStream<Element>
        var onTermination: ((Any) -> Void)? = nil
        init(__stream: AsyncStream<Element>) { self.__stream = __stream }
        func yield(_ value: Element) { if !__stream.__finished { __stream.__elements.append(value) } }
        func finish() {
            if __stream.__finished { return }
            __stream.__finished = true
            onTermination?("finished")
        }
    }

    struct AsyncStreamIterator<Element>: IteratorProtocol {
        let __stream: AsyncStream<Element>
        var __position = 0
        init(__stream: AsyncStream<Element>) { self.__stream = __stream }
        mutating func next() -> Element? {
            guard __position < __stream.__elements.count else { return nil }
            __position += 1
            return __stream.__elements[__position - 1]
        }
    }
    """
}
