import PluginKit
import SourceCore

extension SourceError {
  /// The protocol's error for this source error, after `afterMs` of simulated latency.
  func pluginError(afterMs: Int = 0) -> PluginError {
    PluginError(
      kind.rawValue, message, status: status, afterMs: afterMs > 0 ? afterMs : nil, retryAfterMs: retryAfterMs
    )
  }
}

extension Emitter {
  /// Sends a source's reply: the value and `completed`, or the error, after its latency.
  func send<Value>(_ reply: SourceReply<Value>, as json: (Value) -> JSONValue) {
    let afterMs = reply.afterMs > 0 ? reply.afterMs : nil
    switch reply.result {
    case .success(let value):
      next(json(value), afterMs: afterMs)
      completed()
    case .failure(let error):
      self.error(error.pluginError(afterMs: reply.afterMs))
    }
  }
}
