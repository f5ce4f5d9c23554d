// Generated from the helpers the round-trip test builds against OpenCombine 0.14; each
// section is included once, and only when a stage of the export needs it.

extension CombineHelper {
  /// The Swift source of the helper.
  var text: String {
    switch self {
    case .pipeError:
      // Written by SwiftCode.pipeError, which names the pipeline's own error type.
      return ""
    case .checked: return SwiftChecks.helpers
    case .clock:
      return #"""
        /// The clock the pipelines run on: the real one, or with `--virtual` a virtual one that
        /// jumps from one scheduled action to the next, as pipe's virtual clock does.
        final class PipeClock: Scheduler {
            typealias Stride = DispatchQueue.SchedulerTimeType.Stride
            typealias SchedulerOptions = Never

            struct SchedulerTimeType: Strideable, Hashable {
                var nanoseconds: Int
                func distance(to other: Self) -> Stride { .nanoseconds(other.nanoseconds - nanoseconds) }
                func advanced(by n: Stride) -> Self { Self(nanoseconds: nanoseconds + n.magnitude) }
            }

            let isVirtual: Bool
            let queue = DispatchQueue(label: "pipe.clock")
            private let start = DispatchTime.now()
            private var virtualNow = 0
            private var pending: [(time: Int, order: Int, action: () -> Void)] = []
            private var order = 0

            init(virtual: Bool) { isVirtual = virtual }

            var now: SchedulerTimeType {
                isVirtual
                    ? SchedulerTimeType(nanoseconds: virtualNow)
                    : SchedulerTimeType(nanoseconds: Int(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds))
            }

            var minimumTolerance: Stride { .zero }

            func schedule(options: Never?, _ action: @escaping () -> Void) {
                schedule(after: now, tolerance: .zero, options: nil, action)
            }

            func schedule(after date: SchedulerTimeType, tolerance: Stride, options: Never?, _ action: @escaping () -> Void) {
                if isVirtual {
                    order += 1
                    pending.append((max(date.nanoseconds, virtualNow), order, action))
                } else {
                    let work = Work(action)
                    queue.asyncAfter(deadline: start + .nanoseconds(max(0, date.nanoseconds))) { work.run() }
                }
            }

            func schedule(
                after date: SchedulerTimeType, interval: Stride, tolerance: Stride, options: Never?,
                _ action: @escaping () -> Void
            ) -> Cancellable {
                final class Flag { var cancelled = false }
                let flag = Flag()
                func tick(_ time: SchedulerTimeType) {
                    schedule(after: time, tolerance: tolerance, options: nil) {
                        guard !flag.cancelled else { return }
                        action()
                        tick(time.advanced(by: interval))
                    }
                }
                tick(date)
                return AnyCancellable { flag.cancelled = true }
            }

            /// On the virtual clock, runs the actions in time order until `done` says so or none is left.
            func advance(until done: () -> Bool) {
                while !done(), let next = pending.indices.min(by: { (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order) }) {
                    let (time, _, action) = pending.remove(at: next)
                    virtualNow = time
                    action()
                }
            }
        }

        /// An action for the clock's queue, which runs one at a time: safe to send there.
        final class Work: @unchecked Sendable {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }

        let clock = PipeClock(virtual: CommandLine.arguments.contains("--virtual"))
        let scheduler = clock
        """#
    case .run:
      return #"""
        /// A pipeline `run` subscribed to: whether it has ended, and its subscription.
        final class Running {
            var finished = false
            var subscription: AnyCancellable?
            let done = DispatchSemaphore(value: 0)
        }

        /// The pipelines subscribed to and not yet waited for: those pipe ran in the background (`&`).
        var running: [Running] = []

        /// Subscribes, prints each value as pipe's sink would, then `completed` or `error: KIND`,
        /// and waits until the pipeline ends, and those started in the background before it.
        func run<P: Publisher>(_ publisher: P) {
            runInBackground(publisher)
            waitForAll()
        }

        /// pipe's `&`: subscribes and prints as `run` does, and returns at once: the pipeline
        /// runs with the next ones.
        func runInBackground<P: Publisher>(_ publisher: P) {
            let run = Running()
            let subscribe = {
                run.subscription = publisher.sink(
                    receiveCompletion: { completion in
                        switch completion {
                        case .finished: print("completed")
                        case .failure(let error): print("error: \(error.kind)")
                        }
                        run.finished = true
                        run.done.signal()
                    },
                    receiveValue: { print(show($0)) })
            }
            if clock.isVirtual {
                subscribe()
            } else {
                let work = Work(subscribe)
                clock.queue.async { work.run() }
            }
            running.append(run)
        }

        /// Waits until every pipeline subscribed to has ended.
        func waitForAll() {
            if clock.isVirtual {
                clock.advance { running.allSatisfy(\.finished) }
            } else {
                for run in running { run.done.wait() }
            }
            for run in running { run.subscription?.cancel() }
            running = []
        }
        """#
    case .show:
      return #"""
        /// A value as pipe's `show` prints it: a string as itself, inside lists quoted.
        func show<Shown>(_ value: Shown) -> String {
            if let string = value as? String { return string }
            return literal(value)
        }

        func literal(_ value: Any) -> String {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return "null" }
                return literal(wrapped)
            }
            switch value {
            case let string as String: return "\"\(string)\""
            case let error as Error:
                // pipe's error record: kind, message, source, status, attempt, retryAfter.
                var fields: [(String, Any)] = [("kind", error.kind), ("message", error.message)]
                if !error.source.isEmpty { fields.append(("source", error.source)) }
                if let status = error.status { fields.append(("status", status)) }
                fields.append(("attempt", error.attempt))
                if let retryAfter = error.retryAfter { fields.append(("retryAfter", retryAfter)) }
                return "{" + fields.map { "\($0.0): \(literal($0.1))" }.joined(separator: ", ") + "}"
            case let record as Record: return "{" + record.fields.map { "\($0.0): \(literal($0.1))" }.joined(separator: ", ") + "}"
            default: break
            }
            switch mirror.displayStyle {
            case .collection?, .tuple?: return "[" + mirror.children.map { literal($0.value) }.joined(separator: ", ") + "]"
            case .dictionary?:
                let pairs = mirror.children.compactMap { Mirror(reflecting: $0.value).children.map(\.value) }
                return "{" + pairs.map { "\($0[0]): \(literal($0[1]))" }.sorted().joined(separator: ", ") + "}"
            default: return String(describing: value)
            }
        }

        /// A value printed as a record, `{event: "next", value: 1}`.
        protocol Record {
            var fields: [(String, Any)] { get }
        }
        """#
    case .cold:
      return #"""
        /// Plays a marble diagram on every subscription: `-` is one frame (1 ms), a letter a value,
        /// `(ab)` one frame, `100ms` a pause, `#` an error, `|` completion. With several diagrams
        /// the n-th subscription plays the n-th, the last one repeating.
        func cold<T>(_ diagrams: String..., values: [Character: T], error: Error = PipeError("error")) -> AnyPublisher<T, Error> {
            play(diagrams, values: values, error: error)
        }

        /// A diagram whose letters are the values, as strings.
        func cold(_ diagrams: String..., error: Error = PipeError("error")) -> AnyPublisher<String, Error> {
            let letters = Set(diagrams.joined()).subtracting("-()|# ^")
            return play(diagrams, values: Dictionary(uniqueKeysWithValues: letters.map { ($0, String($0)) }), error: error)
        }

        /// A diagram with no values, of the given type.
        func cold<T>(_ diagrams: String..., of type: T.Type, error: Error = PipeError("error")) -> AnyPublisher<T, Error> {
            play(diagrams, values: [:], error: error)
        }

        private func play<T>(_ diagrams: [String], values: [Character: T], error: Error) -> AnyPublisher<T, Error> {
            var subscriptions = 0
            return Deferred { () -> AnyPublisher<T, Error> in
                subscriptions += 1
                let failure = PipeError(error, attempt: subscriptions)
                let events = marbles(diagrams[min(subscriptions, diagrams.count) - 1])
                let subject = PassthroughSubject<T, Error>()
                var cancelled = false
                // Every event is scheduled at the subscription, at its time from there, as RxTest does.
                func play() {
                    let start = scheduler.now
                    for (time, event) in events {
                        scheduler.schedule(after: start.advanced(by: .milliseconds(time))) {
                            guard !cancelled else { return }
                            switch event {
                            case "#": subject.send(completion: .failure(failure))
                            case "|": subject.send(completion: .finished)
                            default: if let value = values[event] { subject.send(value) }
                            }
                        }
                    }
                }
                // The buffer keeps what comes before it is asked for, as a cold publisher does.
                return subject.handleEvents(receiveSubscription: { _ in play() }, receiveCancel: { cancelled = true })
                    .buffer(size: .max, prefetch: .keepFull, whenFull: .dropNewest)
                    .eraseToAnyPublisher()
            }.eraseToAnyPublisher()
        }

        /// The events of a diagram, each with its time in milliseconds.
        private func marbles(_ diagram: String) -> [(time: Int, event: Character)] {
            var steps: [(time: Int, event: Character)] = []
            var time = 0, inGroup = false
            var characters = Substring(diagram)
            while let character = characters.first {
                if character.isNumber, let pause = pauseMilliseconds(&characters) {
                    time += pause
                    continue
                }
                characters.removeFirst()
                switch character {
                case "-": time += 1
                case " ", "^": break
                case "(": inGroup = true
                case ")": inGroup = false; time += 1
                default:
                    steps.append((time, character))
                    if !inGroup { time += 1 }
                }
            }
            return steps
        }

        /// `100ms`, `2s`, `1.5s` at the start of `text`: consumed, in milliseconds.
        private func pauseMilliseconds(_ text: inout Substring) -> Int? {
            let number = text.prefix { $0.isNumber || $0 == "." }
            let rest = text.dropFirst(number.count)
            guard let value = Double(number) else { return nil }
            if rest.hasPrefix("ms") { text = rest.dropFirst(2); return Int(value) }
            if rest.hasPrefix("s") { text = rest.dropFirst(1); return Int(value * 1000) }
            if rest.hasPrefix("m") { text = rest.dropFirst(1); return Int(value * 60_000) }
            return nil
        }
        """#
    case .interval:
      return #"""
        /// 0, 1, 2, ... one per period, the first after one period (RxSwift's `interval`).
        func interval<S: Scheduler>(_ period: S.SchedulerTimeType.Stride, scheduler: S) -> AnyPublisher<Int, Never> {
            (0...).publisher
                .flatMap(maxPublishers: .max(1)) { n in Just(n).delay(for: period, scheduler: scheduler) }
                .eraseToAnyPublisher()
        }
        """#
    case .retryAfter:
      return #"""
        extension Error {
            /// The wait before the next attempt: the strategy's `delay`, or this error's `retryAfter`
            /// (its service's Retry-After) when that is longer, as pipe's delay strategies wait.
            func honouringRetryAfter<Stride: SchedulerTimeIntervalConvertible & Comparable>(_ delay: Stride) -> Stride {
                guard let retryAfter else { return delay }
                return max(delay, .milliseconds(Int((retryAfter * 1000).rounded())))
            }
        }
        """#
    case .retryDelays:
      return #"""
        extension Publisher {
            /// After the k-th failure waits `delay(k)`, or the error's `retryAfter` when longer, and
            /// subscribes again, at most `retries` times; a failure `when` refuses is let through at once.
            func retry<S: Scheduler>(
                _ retries: Int, when shouldRetry: @escaping (Error) -> Bool = { _ in true },
                delay: @escaping (Int) -> S.SchedulerTimeType.Stride, scheduler: S
            ) -> AnyPublisher<Output, Error> {
                func attempt(_ k: Int) -> AnyPublisher<Output, Error> {
                    mapError { $0 as Error }
                        .catch { error -> AnyPublisher<Output, Error> in
                            guard k <= retries, shouldRetry(error) else { return Fail(error: error).eraseToAnyPublisher() }
                            return Just(()).delay(for: error.honouringRetryAfter(delay(k)), scheduler: scheduler)
                                .setFailureType(to: Error.self)
                                .flatMap { attempt(k + 1) }
                                .eraseToAnyPublisher()
                        }
                        .eraseToAnyPublisher()
                }
                return attempt(1)
            }
        }
        """#
    case .retryWhen:
      return #"""
        extension Publisher {
            /// RxSwift's `retry(when:)`: every value of the notifier subscribes again; its failure
            /// fails the result; its completion completes the result at the next failure. With
            /// `kinds`, an error of another kind fails the result at once, unseen by the notifier.
            func retryWhen<N: Publisher>(on kinds: Set<String>? = nil, _ notifier: @escaping (AnyPublisher<PipeError, Error>) -> N) -> AnyPublisher<Output, Error> {
                let upstream = mapError { $0 as Error }
                return Deferred { () -> AnyPublisher<Output, Error> in
                    let output = PassthroughSubject<Output, Error>()
                    let errors = PassthroughSubject<PipeError, Error>()
                    var attempt: AnyCancellable?
                    var running = false, notifierDone = false, failures = 0
                    func subscribe() {
                        running = true
                        attempt = upstream.sink(
                            receiveCompletion: { completion in
                                running = false
                                switch completion {
                                case .finished: output.send(completion: .finished)
                                case .failure(let error):
                                    if let kinds, !kinds.contains(error.kind) { return output.send(completion: .failure(error)) }
                                    if notifierDone { return output.send(completion: .finished) }
                                    failures += 1
                                    errors.send(PipeError(error, attempt: failures))
                                }
                            },
                            receiveValue: { output.send($0) })
                    }
                    let trigger = notifier(errors.eraseToAnyPublisher()).sink(
                        receiveCompletion: { completion in
                            switch completion {
                            case .finished:
                                notifierDone = true
                                // An error waits for its answer: the end; else it comes at the next error.
                                if !running && failures > 0 { output.send(completion: .finished) }
                            case .failure(let error): output.send(completion: .failure(error))
                            }
                        },
                        receiveValue: { _ in subscribe() })
                    return output.handleEvents(
                        receiveSubscription: { _ in if !notifierDone || running == false { subscribe() } },
                        receiveCancel: {
                            attempt?.cancel()
                            trigger.cancel()
                        }
                    ).eraseToAnyPublisher()
                }.eraseToAnyPublisher()
            }
        }
        """#
    case .numbered:
      return #"""
        extension Publisher {
            /// pipe's `error.attempt`: an error of this stage's n-th subscription is numbered n;
            /// one numbered upstream keeps its number.
            func numbered() -> AnyPublisher<Output, Error> {
                let upstream = mapError { $0 as Error }
                var subscriptions = 0
                return Deferred { () -> AnyPublisher<Output, Error> in
                    subscriptions += 1
                    let attempt = subscriptions
                    return upstream.mapError { error -> Error in
                        guard (error as? PipeError)?.numbered != true else { return error }
                        var numbered = PipeError(error, attempt: attempt)
                        numbered.numbered = true
                        return numbered
                    }.eraseToAnyPublisher()
                }.eraseToAnyPublisher()
            }
        }
        """#
    case .materialize:
      return #"""
        /// An event as a value: `{event: "next", value: V}`, `{event: "error", error: E}`,
        /// `{event: "completed"}` (CombineExt has the same operator).
        struct Event<Value>: Record {
            var event: String
            var value: Value?
            var error: Error?

            var fields: [(String, Any)] {
                switch event {
                case "next": return [("event", event), ("value", value as Any)]
                case "error": return [("event", event), ("error", error as Any)]
                default: return [("event", event)]
                }
            }
        }

        extension Optional where Wrapped == any Error {
            /// A record's `.error.kind` where the record holds no error (pipe's null): "".
            var kind: String { self?.kind ?? "" }
            var message: String { self?.message ?? "" }
        }

        extension Publisher {
            /// Every event as a value; the stream then completes instead of failing.
            func materialize() -> AnyPublisher<Event<Output>, Never> {
                map { Event(event: "next", value: $0) }
                    .append(Event(event: "completed"))
                    .catch { error in Just(Event(event: "error", error: error)) }
                    .eraseToAnyPublisher()
            }

            /// Events made values by `materialize` turned back into events.
            func dematerialize<Value>() -> AnyPublisher<Value, Error> where Output == Event<Value> {
                mapError { $0 as Error }
                    .tryPrefix { event in
                        if let error = event.error { throw error }
                        return event.event != "completed"
                    }
                    .compactMap(\.value)
                    .eraseToAnyPublisher()
            }
        }
        """#
    case .delayValues:
      return #"""
        extension Publisher {
            /// RxSwift's `delay`: values and the completion come later; a failure passes at once and
            /// drops the values still waiting (Combine's `delay` delays the failure too).
            func delayValues<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S) -> AnyPublisher<Output, Error> {
                materialize()
                    .flatMap { event -> AnyPublisher<Event<Output>, Never> in
                        event.event == "error"
                            ? Just(event).eraseToAnyPublisher()
                            : Just(event).delay(for: interval, scheduler: scheduler).eraseToAnyPublisher()
                    }
                    .dematerialize()
            }
        }
        """#
    case .debounceValues:
      return #"""
        extension Publisher {
            /// RxSwift's `debounce`: a value comes once `interval` passed without another, and a
            /// completion sends the value still waiting first (a failure drops it).
            func debounceValues<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S) -> AnyPublisher<Output, Error> {
                let upstream = self
                return Deferred { () -> AnyPublisher<Output, Error> in
                    let waiting = Waiting<Output>()
                    return upstream.materialize()
                        .map { event -> AnyPublisher<Event<Output>, Never> in
                            switch event.event {
                            case "next":
                                waiting.event = event
                                return Just(event).delay(for: interval, scheduler: scheduler)
                                    .handleEvents(receiveOutput: { _ in waiting.event = nil })
                                    .eraseToAnyPublisher()
                            case "completed": return ((waiting.event.map { [$0] } ?? []) + [event]).publisher.eraseToAnyPublisher()
                            default: return Just(event).eraseToAnyPublisher()
                            }
                        }
                        .switchToLatest()
                        .dematerialize()
                }.eraseToAnyPublisher()
            }
        }

        /// The value a debounce holds back, if any.
        final class Waiting<Value> {
            var event: Event<Value>?
        }
        """#
    case .shareWhileConnected:
      return #"""
        extension Publisher {
            /// RxSwift 6's `share()`: one upstream subscription while someone listens; once it has
            /// ended, the next subscriber connects anew (Combine's `share()` would give it only the end).
            func shareWhileConnected() -> AnyPublisher<Output, Failure> {
                var current: AnyPublisher<Output, Failure>?
                let upstream = self
                return Deferred { () -> AnyPublisher<Output, Failure> in
                    if let current { return current }
                    let shared = upstream
                        .handleEvents(receiveCompletion: { _ in current = nil }, receiveCancel: { current = nil })
                        .share()
                        .eraseToAnyPublisher()
                    current = shared
                    return shared
                }.eraseToAnyPublisher()
            }
        }
        """#
    case .circuitBreaker:
      return #"""
        /// Counts failed subscriptions in a row; at `failures` it opens and refuses subscriptions
        /// with circuitOpen, until `reset` has passed: then one trial decides.
        final class CircuitBreaker<S: Scheduler> {
            let failures: Int
            let reset: S.SchedulerTimeType.Stride
            let scheduler: S
            private var inARow = 0
            private var openedAt: S.SchedulerTimeType?

            init(failures: Int, reset: S.SchedulerTimeType.Stride, scheduler: S) {
                self.failures = failures
                self.reset = reset
                self.scheduler = scheduler
            }

            func guarding<P: Publisher>(_ upstream: P) -> AnyPublisher<P.Output, Error> {
                Deferred { () -> AnyPublisher<P.Output, Error> in
                    if let openedAt = self.openedAt, self.scheduler.now < openedAt.advanced(by: self.reset) {
                        return Fail(error: PipeError("circuitOpen", message: "the circuit breaker is open")).eraseToAnyPublisher()
                    }
                    return upstream.mapError { $0 as Error }
                        .handleEvents(
                            receiveOutput: { _ in self.closed() },
                            receiveCompletion: { completion in
                                if case .failure = completion { self.failed() } else { self.closed() }
                            }
                        ).eraseToAnyPublisher()
                }.eraseToAnyPublisher()
            }

            private func closed() {
                inARow = 0
                openedAt = nil
            }

            private func failed() {
                inARow += 1
                if openedAt != nil || inARow >= failures { openedAt = scheduler.now }
            }
        }

        extension Publisher {
            func circuitBreaker<S: Scheduler>(_ breaker: CircuitBreaker<S>) -> AnyPublisher<Output, Error> {
                breaker.guarding(self)
            }
        }
        """#
    case .repeatCount:
      return #"""
        extension Publisher {
            /// Subscribes again each time the upstream completes: `count` subscriptions in all, or forever.
            func `repeat`(_ count: Int = .max) -> AnyPublisher<Output, Failure> {
                (0..<count).publisher
                    .setFailureType(to: Failure.self)
                    .flatMap(maxPublishers: .max(1)) { _ in self }
                    .eraseToAnyPublisher()
            }
        }
        """#
    case .openCombineGaps:
      return #"""
        extension Publisher {
            /// Apple's `merge(with:)`, which OpenCombine 0.14 lacks.
            func merge<P: Publisher>(with other: P) -> AnyPublisher<Output, Failure> where P.Output == Output, P.Failure == Failure {
                [eraseToAnyPublisher(), other.eraseToAnyPublisher()].publisher
                    .setFailureType(to: Failure.self)
                    .flatMap { $0 }
                    .eraseToAnyPublisher()
            }

            /// Apple's `combineLatest(_:)`, which OpenCombine 0.14 lacks.
            func combineLatest<P: Publisher>(_ other: P) -> AnyPublisher<(Output, P.Output), Failure> where P.Failure == Failure {
                map { (Output?.some($0), P.Output?.none) }
                    .merge(with: other.map { (Output?.none, P.Output?.some($0)) })
                    .scan((Output?.none, P.Output?.none)) { latest, new in (new.0 ?? latest.0, new.1 ?? latest.1) }
                    .compactMap { latest in latest.0.flatMap { a in latest.1.map { b in (a, b) } } }
                    .eraseToAnyPublisher()
            }
        }
        """#
    }
  }
}
