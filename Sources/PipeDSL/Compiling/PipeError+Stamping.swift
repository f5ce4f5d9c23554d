import Operators

extension PipeError {
  /// Any error as a `PipeError` that names the stage it came from.
  ///
  /// An error that already names a stage keeps it: the stage that raised an error is the
  /// one the person needs to see, not the last one it passed through.
  static func stamped(_ error: any Error, source: String, attempt: Int, node: Int) -> PipeError {
    var result = PipeError.from(error)
    if result.source.isEmpty {
      result.source = source
      result.attempt = attempt
      result.node = node
    }
    return result
  }

  /// Any error of the engine or of Swift as a `PipeError`.
  public static func from(_ error: any Error) -> PipeError {
    switch error {
    case let error as PipeError: return error
    case is TimeoutError: return PipeError(kind: "timeout", message: "no event within the time limit")
    case let error as CircuitOpenError:
      return PipeError(kind: "circuitOpen", message: "the circuit breaker is open (\(error))")
    case is BulkheadFullError:
      return PipeError(
        kind: "bulkheadFull", message: "every slot of the bulkhead is taken and its queue is full")
    case let error as RateLimitedError:
      return PipeError(
        kind: "rateLimited", message: "no token left (\(error.rate)); the next comes in \(error.retryAfter)",
        retryAfter: error.retryAfter)
    default: return PipeError(kind: "error", message: String(describing: error))
    }
  }
}
