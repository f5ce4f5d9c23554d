import Operators

/// An event and the virtual time (in milliseconds, one marble frame each) it happened at.
public struct Recorded<Element>: CustomStringConvertible {
  public var time: Int
  public var event: Event<Element>

  public init(time: Int, event: Event<Element>) {
    self.time = time
    self.event = event
  }

  public static func next(_ time: Int, _ element: Element) -> Recorded {
    Recorded(time: time, event: .next(element))
  }

  public static func error(_ time: Int, _ error: any Error) -> Recorded {
    Recorded(time: time, event: .error(error))
  }

  public static func completed(_ time: Int) -> Recorded {
    Recorded(time: time, event: .completed)
  }

  public var description: String { "\(event) @ \(time)" }
}

extension Recorded: Equatable where Element: Equatable {}

/// When a subscription started and ended, in milliseconds; `end` is nil while it lasts.
public struct Subscription: Equatable, CustomStringConvertible {
  public var start: Int
  public var end: Int?

  public init(_ start: Int, _ end: Int? = nil) {
    self.start = start
    self.end = end
  }

  public var description: String { "(\(start), \(end.map(String.init) ?? "∞"))" }
}

/// The error tests throw; equal when the names are.
public struct TestError: Error, Equatable, CustomStringConvertible {
  public var name: String
  public init(_ name: String = "error") { self.name = name }
  public var description: String { name }
}

/// Milliseconds as engine time.
@inlinable public func ms(_ value: Int) -> Time { .milliseconds(Int64(value)) }
