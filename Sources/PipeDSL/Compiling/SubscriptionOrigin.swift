import Operators

/// What started one subscription of a stage inside a sub-pipeline that runs per value
/// (`flatMap`, `concatMap`, `flatMapLatest`): that value, and which subscription of the
/// stage it is for that value (2 after one retry inside).
///
/// Diagrams label such a lane by its value (`"London"`) and keep `↻2` for a
/// resubscription of the same stream, so a sub-pipeline per value is not read as a retry.
public struct SubscriptionOrigin: Sendable, Equatable {
  public var element: Value
  public var attempt: Int

  public init(element: Value, attempt: Int) {
    self.element = element
    self.attempt = attempt
  }
}

extension Tracer {
  /// The origins the compiled stages noted, by node and subscription number.
  public var subscriptionOrigins: [Int: [Int: SubscriptionOrigin]] {
    origins.mapValues { $0.compactMapValues { $0 as? SubscriptionOrigin } }
  }
}
