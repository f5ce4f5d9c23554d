/// What `fused` runs every value through: a map, a filter or a fold, or a row of them.
public protocol FusedStep {
  associatedtype Element
  /// Changes `value` in place, or returns false to drop it; a thrown error ends the stream.
  func step(_ value: inout Element) throws -> Bool
  /// True once the stream ends after the value just stepped, passed or not (a `take` in
  /// the row has passed its last): the operator then completes.
  var isDone: Bool { get }
}

extension FusedStep {
  /// A stepper that never ends the stream of itself.
  @inlinable public var isDone: Bool { false }
}

extension Observable {
  /// Runs every value through a stepper made anew for each subscription (so a fold starts
  /// again from its seed): `map`, `filter` and `scan` in one operator, so a row of them costs
  /// one call per value for the lot. The language runs its elementwise stages this way when
  /// nothing traces them one by one.
  ///
  ///     struct Tens: FusedStep {
  ///       func step(_ value: inout Int) -> Bool { value *= 10; return value > 15 }
  ///     }
  ///     1-2-3-4|  fused { Tens() }  --20-30-40|
  @inlinable
  public func fused<Stepper: FusedStep>(_ make: @escaping () -> Stepper) -> Observable<Element>
  where Stepper.Element == Element {
    let source = self
    return Observable(unsafe: { observer in
      let sink = FusedSink(observer: observer, stepper: make())
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class FusedSink<Stepper: FusedStep>: Sink<Stepper.Element> {
  @usableFromInline let stepper: Stepper

  @inlinable init(observer: Observer<Stepper.Element>, stepper: Stepper) {
    self.stepper = stepper
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Stepper.Element>) {
    switch event {
    case .next(var value):
      do {
        if try stepper.step(&value) { forwardNext(value) }
        if stepper.isDone { forwardStop(.completed) }
      } catch {
        forwardStop(.error(error))
      }
    case .error, .completed: forwardStop(event)
    }
  }
}
