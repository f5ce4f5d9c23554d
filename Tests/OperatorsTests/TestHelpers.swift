import Operators
import OperatorsTestSupport

extension TestScheduler {
  /// Pushes each recorded event into `subject` at its time.
  func feed<Subject: SubjectType>(_ subject: Subject, _ events: [Recorded<Subject.Element>]) {
    for recorded in events { scheduleAt(recorded.time) { subject.on(recorded.event) } }
  }

  /// A recorder subscribed to `source` at `start` and disposed at `end` (if given).
  func record<Element>(
    _ source: @escaping () -> Observable<Element>, from start: Int, to end: Int? = nil
  ) -> TestableObserver<Element> {
    let recorder = createObserver(Element.self)
    var subscription: (any Disposable)?
    scheduleAt(start) { subscription = source().subscribe(recorder.asObserver()) }
    scheduleAt(end ?? Int(Int32.max)) {
      subscription?.dispose()
      subscription = nil
    }
    return recorder
  }
}

/// An observer that records values and ends its own lifetime after `limit` of them, as a
/// downstream `take` would; a synchronous source must then stop.
final class StoppingRecorder<Element> {
  let limit: Int
  let lifetime = BooleanDisposable()
  private(set) var values: [Element] = []

  init(limit: Int) { self.limit = limit }

  var observer: Observer<Element> {
    Observer(lifetime: lifetime) { [self] event in
      guard let value = event.element else { return }
      values.append(value)
      if values.count == limit { lifetime.dispose() }
    }
  }
}
