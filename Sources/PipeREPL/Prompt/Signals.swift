import Dispatch
import Foundation

/// Ctrl-C and window resizes, delivered as calls instead of signals.
///
/// libedit is told not to handle signals (it would save and restore handlers around every
/// line); SIGINT is ignored by default and picked up by a dispatch source, so Ctrl-C can
/// cancel a running pipeline or clear a half-typed line without killing the prompt.
final class Signals {
  private var sources: [any DispatchSourceSignal] = []

  init(onInterrupt: @escaping @Sendable () -> Void, onResize: @escaping @Sendable () -> Void) {
    watch(SIGINT, onInterrupt)
    watch(SIGWINCH, onResize)
  }

  private func watch(_ signal: Int32, _ handler: @escaping @Sendable () -> Void) {
    Glibc.signal(signal, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
    sources.append(source)
  }
}
