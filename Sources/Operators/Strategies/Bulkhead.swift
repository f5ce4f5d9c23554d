/// The error of a subscription refused by a full bulkhead: every slot taken and the queue full.
public struct BulkheadFullError: Error, Equatable, CustomStringConvertible {
  public init() {}
  /// The error's kind, as the language names it.
  public var description: String { "bulkheadFull" }
}

/// A bulkhead (resilience4j's, Polly's concurrency limiter) shared by every subscription that
/// goes through `bulkhead(_:)`: at most `limit` of them are subscribed upstream at once, at
/// most `queue` more wait in order for a slot, and any beyond that fail at once with
/// `BulkheadFullError`. A slot is freed when its subscription ends or is disposed; a waiting
/// subscription disposed leaves the queue.
///
///     let bulkhead = Bulkhead(limit: 2, queue: 1)
///     slow.bulkhead(bulkhead)  // 1st and 2nd run, 3rd waits, 4th fails with bulkheadFull
public final class Bulkhead {
  public let limit: Int
  public let queue: Int
  /// How many subscriptions hold a slot.
  public private(set) var active = 0
  private var waiting: [(key: Int, start: () -> Void)] = []
  private var nextKey = 0

  /// A limit below 1 counts as 1; a queue below 0 as 0.
  public init(limit: Int, queue: Int = 0) {
    self.limit = max(1, limit)
    self.queue = max(0, queue)
  }

  /// How many subscriptions wait for a slot.
  public var queued: Int { waiting.count }

  /// Takes a slot now (`.run`), queues `start` for the next free slot (`.wait(key)`), or refuses.
  func admit(_ start: @escaping () -> Void) -> BulkheadAdmission {
    if active < limit {
      active += 1
      return .run
    }
    guard waiting.count < queue else { return .refuse }
    nextKey += 1
    waiting.append((nextKey, start))
    return .wait(nextKey)
  }

  /// Frees a slot and gives it to the first subscription waiting.
  func release() {
    active -= 1
    guard !waiting.isEmpty else { return }
    let next = waiting.removeFirst()
    active += 1
    next.start()
  }

  /// Takes a waiting subscription out of the queue.
  func leave(_ key: Int) { waiting.removeAll { $0.key == key } }
}

enum BulkheadAdmission {
  case run, wait(Int), refuse
}

extension Observable {
  /// Subscribes upstream only while `bulkhead` has a free slot; waits in its queue otherwise,
  /// and fails with `BulkheadFullError` when the queue is full too.
  ///
  ///     --a|  bulkhead(limit 1, queue 0), subscribed at 0 and 1:  --a|  and  #
  public func bulkhead(_ bulkhead: Bulkhead) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = BulkheadSink(observer: observer, bulkhead: bulkhead, source: source)
      switch bulkhead.admit({ sink.run() }) {
      case .run: sink.run()
      case .wait(let key): sink.waiting = key
      case .refuse:
        observer.onError(BulkheadFullError())
        return Disposables.empty
      }
      return sink
    })
  }
}

final class BulkheadSink<Element>: Sink<Element> {
  let bulkhead: Bulkhead
  let source: Observable<Element>
  /// The queue's key while waiting for a slot.
  var waiting: Int?
  var holdsSlot = false

  init(observer: Observer<Element>, bulkhead: Bulkhead, source: Observable<Element>) {
    self.bulkhead = bulkhead
    self.source = source
    super.init(observer: observer)
  }

  func run() {
    waiting = nil
    holdsSlot = true
    guard !isDisposed else { return releaseSlot() }
    let inner = InnerSubscription(parent: self)
    setUpstream(inner)
    inner.subscribe(source) { event in
      if event.isStopEvent { self.forwardStop(event) } else { self.forward(event) }
    }
  }

  private func releaseSlot() {
    guard holdsSlot else { return }
    holdsSlot = false
    bulkhead.release()
  }

  override func disposeResources() {
    if let waiting {
      self.waiting = nil
      bulkhead.leave(waiting)
    }
    releaseSlot()
  }
}
