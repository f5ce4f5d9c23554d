/// One event of a stream: a value, an error that ends it, or its completion.
///
/// The grammar of every stream is `next* (error | completed)?`.
///
///     Event.next(1)  // a-
///     Event<Int>.completed  // |
public enum Event<Element> {
  case next(Element)
  case error(any Error)
  case completed

  /// Whether this event ends the stream.
  @inlinable public var isStopEvent: Bool {
    switch self {
    case .next: return false
    case .error, .completed: return true
    }
  }

  /// The value of a `.next` event, otherwise nil.
  @inlinable public var element: Element? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The error of an `.error` event, otherwise nil.
  @inlinable public var error: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Transforms the value of a `.next` event, keeping stop events as they are.
  @inlinable public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let value):
      do { return .next(try transform(value)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomStringConvertible {
  public var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

extension Event: Equatable where Element: Equatable {
  /// Errors compare by their description and dynamic type, as RxTest's `Recorded` does.
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let l), .next(let r)): return l == r
    case (.completed, .completed): return true
    case (.error(let l), .error(let r)): return errorsMatch(l, r)
    default: return false
    }
  }
}

/// Two errors are the same when they have the same type and description.
public func errorsMatch(_ lhs: any Error, _ rhs: any Error) -> Bool {
  if let l = lhs as? any Equatable, let result = l.isEqual(to: rhs) { return result }
  return type(of: lhs) == type(of: rhs) && String(describing: lhs) == String(describing: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool? {
    guard let other = other as? Self else { return nil }
    return self == other
  }
}
