extension RetryStrategy: CustomStringConvertible {
  /// The strategy as the language writes it.
  ///
  ///     RetryStrategy.binaryExponential(.seconds(1), times: 4)  // binaryExponential(1s, times: 4)
  public var description: String {
    switch shape {
    case .delays(let delays): return "delays(\(delays.map(\.description).joined(separator: ", ")))"
    case .constant(let delay): return "constant(\(delay), times: \(times))"
    case .linear(let delay): return "linear(\(delay), times: \(times))"
    case .exponential(let initial, let factor, let cap, let jitter):
      let factorText = factor == factor.rounded() ? String(Int64(factor)) : String(factor)
      return "exponential(\(initial), factor: \(factorText), max: \(cap), jitter: \(jitter), times: \(times))"
    case .binaryExponential(let interval): return "binaryExponential(\(interval), times: \(times))"
    case .immediate: return "immediate(\(times))"
    }
  }
}
