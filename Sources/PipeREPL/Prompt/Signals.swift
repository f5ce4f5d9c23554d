import Dispatch
import Foundation

/// Ctrl-C and window resizes, delivered as calls instead of signals.
///
/// libedit is told not to handle signals (it would save and restore handlers around every
/// line); SIGINT and SIGWINCH are picked up by `SignalWatch`, so Ctrl-C can cancel a running
/// pipeline or clear a half-typed line without killing the prompt.
final class Signals {
  init(onInterrupt: @escaping @Sendable () -> Void, onResize: @escaping @Sendable () -> Void) {
    SignalWatch.watch(SIGINT, onInterrupt)
    SignalWatch.watch(SIGWINCH, onResize)
  }
}
