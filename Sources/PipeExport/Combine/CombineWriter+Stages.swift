import PipeDSL

extension CombineWriter {
  /// Adds the links of one stage; returns whether the chain now never fails.
  func stage(_ meaning: Meaning, text: String, into chain: inout Chain, neverFails: Bool) -> Bool {
    if let never = valueStage(meaning, into: &chain, neverFails: neverFails) { return never }
    if combining(meaning, into: &chain) { return false }
    return errorStage(meaning, text: text, into: &chain, neverFails: neverFails)
  }

  /// map, filter, take...: nil when `meaning` is not one of them.
  private func valueStage(_ meaning: Meaning, into chain: inout Chain, neverFails: Bool) -> Bool? {
    switch meaning {
    case .map(let expr): if closureStage("map", expr, into: &chain) { return false }
    case .filter(let expr): if closureStage("filter", expr, into: &chain) { return false }
    case .scan(let seed, let expr):
      let (closure, throwing) = SwiftCode.scanClosure(expr, seed: seed, context: context)
      chain.add((throwing ? ".tryScan" : ".scan") + "(\(dialect.literal(seed))) " + closure)
      if throwing { return false }
    case .take(let count):
      context.declare(Self.take)
      chain.add(".take(\(count))")
    case .skip(let count): chain.add(".dropFirst(\(count))")
    case .takeWhile(let expr): if closureStage("prefix", expr, into: &chain) { return false }
    case .takeFor(let seconds):
      chain.add(
        ".prefix(untilOutputFrom: Just(()).delay(for: \(stride(seconds)), scheduler: scheduler))",
        comment: "RxSwift's take(for:)")
    case .skipFor(let seconds):
      chain.add(
        ".drop(untilOutputFrom: Just(()).delay(for: \(stride(seconds)), scheduler: scheduler))",
        comment: "RxSwift's skip(for:)")
    case .distinct:
      context.compares(context.elementType)
      chain.add(".removeDuplicates()")
    case .startWith(let arg): chain.add(".prepend(\(SwiftCode.literal(arg, context: context)))")
    case .enumerate:
      context.use(CombineHelper.show.rawValue)
      context.declare(SwiftCode.indexed + "\n\n" + Self.enumerated)
      chain.add(".enumerated()", comment: "Combine has no enumerated: a scan counts")
    case .buffer(let count):
      context.declare(Self.bufferToEnd)
      chain.add(
        ".bufferToEnd(\(count))",
        comment: "Combine's collect(\(count)), then what is left at the end, even an empty list, as pipe's")
    case .delay(let seconds):
      context.use(CombineHelper.materialize.rawValue)
      context.use(CombineHelper.delayValues.rawValue)
      chain.add(
        ".delayValues(for: \(stride(seconds)), scheduler: scheduler)",
        comment: "Combine's delay would delay the failure too")
      return false
    case .debounce(let seconds):
      context.use(CombineHelper.debounceValues.rawValue)
      chain.add(
        ".debounceValues(for: \(stride(seconds)), scheduler: scheduler)",
        comment: "as RxSwift's debounce: a completion sends the value still waiting")
      return false
    case .throttle(let seconds):
      chain.add(".throttle(for: \(stride(seconds)), scheduler: scheduler, latest: true)")
    case .throttleFirst(let seconds):
      context.declare(Self.throttleFirst)
      chain.add(
        ".throttleFirst(for: \(stride(seconds)), scheduler: scheduler)",
        comment: "Combine's throttle(latest: false) would send each window's first value at its end")
    case .bufferTimed(let count, let seconds):
      chain.add(
        ".collect(.byTimeOrCount(scheduler, \(stride(seconds)), \(count)))",
        comment: "unlike pipe's and RxSwift's, Combine's sends no empty list and keeps its timer's beat")
    case .share:
      context.use(CombineHelper.shareWhileConnected.rawValue)
      chain.add(".shareWhileConnected()", comment: "Combine's share() would not connect again after the end")
    case .repeatCount(let count):
      context.use(CombineHelper.repeatCount.rawValue)
      chain.add(
        count.map { ".repeat(\($0))" } ?? ".repeat()", comment: count == nil ? ExportCheck.endlessRepeat : nil
      )
    case .materialize:
      context.use(CombineHelper.materialize.rawValue)
      chain.add(".materialize()")
      return true
    case .dematerialize:
      context.use(CombineHelper.materialize.rawValue)
      chain.add(".dematerialize()")
      return false
    default: return nil
    }
    return neverFails
  }

  /// `.map { ... }`, or `.tryMap { try ... }` where the body calls pipe's checked arithmetic
  /// (`SwiftChecks`): whether it does, the chain then failing with `Error`.
  private func closureStage(_ name: String, _ expr: Expr, into chain: inout Chain) -> Bool {
    let (body, throwing) = checkedExpression(expr)
    let op = throwing ? ".try" + name.prefix(1).uppercased() + name.dropFirst() : "." + name
    chain.add(op + " " + SwiftCode.closure(body, of: expr))
    return throwing
  }

  /// flatMap, merge, zip...: false when `meaning` is not one of them.
  private func combining(_ meaning: Meaning, into chain: inout Chain) -> Bool {
    switch meaning {
    case .flatMap(let pipeline): chain.add(".flatMap " + closure(pipeline, parameter: "value"))
    case .concatMap(let pipeline):
      chain.add(".flatMap(maxPublishers: .max(1)) " + closure(pipeline, parameter: "value"))
    case .flatMapLatest(let pipeline):
      chain.add(".map " + closure(pipeline, parameter: "value"))
      chain.add(".switchToLatest()")
    case .merge(let pipeline): chain.add(".merge(with: \(inline(pipeline, streamType: context.elementType)))")
    case .concat(let pipeline): chain.add(".append(\(inline(pipeline, streamType: context.elementType)))")
    case .zip(let pipeline):
      chain.add(
        ".zip(\(inline(pipeline)))", comment: "completes when either side has ended with nothing waiting")
    case .combineLatest(let pipeline): chain.add(".combineLatest(\(inline(pipeline)))")
    case .group(let pipeline):
      let (inner, _) = self.chain(pipeline, outer: nil)
      chain.links += inner.links
    default: return false
    }
    return true
  }

  /// RxSwift's `enumerated()` for Combine, as pipe's records.
  static let enumerated = """
    extension Publisher {
        /// Each value with its index, counted anew on each subscription, as RxSwift's `enumerated()`.
        func enumerated() -> AnyPublisher<Indexed<Output>, Failure> {
            scan(Indexed<Output>?.none) { last, value in Indexed(index: (last?.index ?? -1) + 1, value: value) }
                .compactMap { $0 }
                .eraseToAnyPublisher()
        }
    }
    """

  static let take = """
    extension Publisher {
        /// pipe's `take`, RxSwift's `take(_:)`: the first `count` values, finishing at the last of
        /// them (Combine's `prefix(_:)` finishes only at the event after it, which may be an error).
        func take(_ count: Int) -> Take<Self> { Take(upstream: self, count: count) }
    }

    /// The publisher of `take(_:)`: the end goes downstream before the upstream is cancelled, as in
    /// RxSwift, so a `repeat` below subscribes again while a `share` above is still connected.
    struct Take<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output
        typealias Failure = Upstream.Failure

        let upstream: Upstream
        let count: Int

        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: AnySubscriber(subscriber), count: count))
        }

        final class Inner: Subscriber, Subscription {
            let downstream: AnySubscriber<Output, Failure>
            var remaining: Int
            var upstream: Subscription?
            var ended = false

            init(downstream: AnySubscriber<Output, Failure>, count: Int) {
                self.downstream = downstream
                remaining = count
            }

            func receive(subscription: Subscription) {
                upstream = subscription
                downstream.receive(subscription: self)
                if remaining <= 0 { end() }
            }

            func receive(_ input: Output) -> Subscribers.Demand {
                guard !ended, remaining > 0 else { return .none }
                remaining -= 1
                let demand = downstream.receive(input)
                if remaining > 0 { return demand }
                end()
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                guard !ended else { return }
                ended = true
                upstream = nil
                downstream.receive(completion: completion)
            }

            func request(_ demand: Subscribers.Demand) {
                if !ended, remaining > 0 { upstream?.request(demand) }
            }

            func cancel() {
                ended = true
                upstream?.cancel()
                upstream = nil
            }

            private func end() {
                guard !ended else { return }
                ended = true
                downstream.receive(completion: .finished)
                upstream?.cancel()
                upstream = nil
            }
        }
    }
    """

  static let throttleFirst = """
    extension Publisher {
        /// pipe's `throttle latest: false`, RxSwift's `throttle(_:latest: false)`: a value passes
        /// at once when `interval` has passed since the last one sent; the others are dropped.
        func throttleFirst<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S) -> AnyPublisher<Output, Failure> {
            let upstream = self
            return Deferred { () -> AnyPublisher<Output, Failure> in
                var lastSent: S.SchedulerTimeType?
                return upstream.filter { _ in
                    let now = scheduler.now
                    if let lastSent, lastSent.distance(to: now) < interval { return false }
                    lastSent = now
                    return true
                }
                .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
        }
    }
    """

  static let bufferToEnd = """
    extension Publisher {
        /// Lists of `count` values, then at the completion what is left, even an empty list, as
        /// RxSwift's `buffer(timeSpan:count:scheduler:)` (Combine's `collect` sends no empty list).
        func bufferToEnd(_ count: Int) -> AnyPublisher<[Output], Failure> {
            Deferred { () -> AnyPublisher<[Output], Failure> in
                var lastWasFull = true
                return collect(count)
                    .handleEvents(receiveOutput: { lastWasFull = $0.count == count })
                    .append(Deferred { (lastWasFull ? [[Output]()] : []).publisher.setFailureType(to: Failure.self) })
                    .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
        }
    }
    """

  /// Another pipeline as an argument: its chain, with a failure of `Error`.
  func inline(_ pipeline: Pipeline, streamType: String? = nil) -> String {
    let (inner, _) = chain(pipeline, outer: "$0", streamType: streamType)
    return inner.swiftInCall()
  }
}
