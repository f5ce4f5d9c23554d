/// A source's answer to one attempt: a value or an error, and the latency the host should apply
/// on its own clock (`after_ms`), so simulated answers stay deterministic under virtual time.
public struct SourceReply<Value: Sendable>: Sendable {
  public var result: Result<Value, SourceError>
  public var afterMs: Int

  public init(_ result: Result<Value, SourceError>, afterMs: Int = 0) {
    self.result = result
    self.afterMs = afterMs
  }

  public static func failure(_ error: SourceError, afterMs: Int = 0) -> Self {
    Self(.failure(error), afterMs: afterMs)
  }

  public var value: Value? { try? result.get() }
  public var error: SourceError? {
    if case .failure(let error) = result { error } else { nil }
  }
}

extension SourceReply: Equatable where Value: Equatable {}
