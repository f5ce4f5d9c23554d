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
