/// Both ends of a stream: an observer that events are pushed into, and an observable that
/// passes them on to every current subscriber.
///
///     let subject = PublishSubject<Int>()
///     _ = subject.subscribe(onNext: { print($0) })
///     subject.onNext(1)  // prints 1
public protocol SubjectType<Element>: Cancelable {
  associatedtype Element

  /// Delivers an event to the current subscribers; ignored once stopped or disposed.
  func on(_ event: Event<Element>)

  /// Adds a subscriber; disposing the result removes it.
  func subscribe(_ observer: Observer<Element>) -> any Disposable

  /// Whether anyone is subscribed.
  var hasObservers: Bool { get }
}

extension SubjectType {
  @inlinable public func onNext(_ element: Element) { on(.next(element)) }

  @inlinable public func onError(_ error: any Error) { on(.error(error)) }

  @inlinable public func onCompleted() { on(.completed) }

  /// The subject as an observable: each subscription adds a subscriber.
  @inlinable public func asObservable() -> Observable<Element> {
    Observable(unsafe: { [self] observer in subscribe(observer) })
  }

  /// The subject as an observer. Its lifetime is the subject, so a synchronous source
  /// feeding it stops once the subject is disposed.
  @inlinable public func asObserver() -> Observer<Element> {
    Observer(lifetime: self) { [self] event in on(event) }
  }

  /// Subscribes with one closure per event kind.
  @discardableResult
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onError: ((any Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> any Disposable {
    asObservable().subscribe(
      onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }
}

/// What a disposed subject sends to a new subscriber, as RxSwift's `RxError.disposed`.
public struct SubjectDisposedError: Error, Equatable, CustomStringConvertible {
  public init() {}
  public var description: String { "subject disposed" }
}
