/// What every subject keeps: its subscribers, how it stopped, whether it was disposed.
///
/// An event goes to the subscribers present when it started: one that subscribes while it is
/// being delivered gets the next event, and one that unsubscribes meanwhile still gets this
/// one, as in RxSwift. Delivery iterates over a copy, so either may happen safely.
@usableFromInline struct SubjectState<Element> {
  /// The subscribers in the order they came, so sorted by key.
  @usableFromInline var observers: ObserverBag<Element> = []
  @usableFromInline var stopEvent: Event<Element>?
  @usableFromInline var disposed = false
  /// The last key given out; keys are never reused.
  var lastKey = 0

  @inlinable init() {}

  /// Records `event` and returns the subscribers to deliver it to, or nil if the subject
  /// already stopped or was disposed. A stop event releases the subscribers.
  @inlinable mutating func accept(_ event: Event<Element>) -> ObserverBag<Element>? {
    guard !disposed, stopEvent == nil else { return nil }
    let current = observers
    if event.isStopEvent {
      stopEvent = event
      observers = []
    }
    return current
  }

  /// Ends an observer arriving after the subject was disposed (with `SubjectDisposedError`)
  /// or stopped (with the stop event, unless `ignoringStop`); returns whether it did.
  func turnAway(_ observer: Observer<Element>, ignoringStop: Bool = false) -> Bool {
    if disposed {
      observer.on(.error(SubjectDisposedError()))
      return true
    }
    if let stopEvent, !ignoringStop {
      observer.on(stopEvent)
      return true
    }
    return false
  }

  /// Adds a subscriber and returns the key that removes it.
  mutating func insert(_ observer: Observer<Element>) -> Int {
    lastKey += 1
    observers.append(ObserverEntry(key: lastKey, observer: observer))
    return lastKey
  }

  /// Removes the subscriber with `key`, if still present.
  mutating func remove(_ key: Int) {
    var low = 0
    var high = observers.count
    while low < high {
      let middle = (low + high) / 2
      if observers[middle].key < key { low = middle + 1 } else { high = middle }
    }
    if low < observers.count && observers[low].key == key { observers.remove(at: low) }
  }

  /// Marks the subject disposed and releases its subscribers and stop event.
  mutating func dispose() {
    disposed = true
    observers = []
    stopEvent = nil
  }

  /// Whether there are subscribers and every one of them has ended downstream.
  var allObserversDisposed: Bool {
    !observers.isEmpty && observers.allSatisfy { $0.observer.isDisposed }
  }
}

@usableFromInline typealias ObserverBag<Element> = ContiguousArray<ObserverEntry<Element>>

/// One subscriber of a subject, with the key that removes it.
@usableFromInline struct ObserverEntry<Element> {
  @usableFromInline let key: Int
  @usableFromInline let observer: Observer<Element>

  @inlinable init(key: Int, observer: Observer<Element>) {
    self.key = key
    self.observer = observer
  }
}

extension ContiguousArray {
  /// Delivers `event` to every subscriber in this snapshot.
  @inlinable func dispatch<Value>(_ event: Event<Value>) where Element == ObserverEntry<Value> {
    for entry in self { entry.observer.on(event) }
  }
}
