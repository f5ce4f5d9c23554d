import Foundation
import Synchronization

/// Signals delivered as calls on a thread of pipe's own, with the handler in place when
/// `watch` returns.
///
/// A dispatch signal source was used before, after `signal(number, SIG_IGN)`: on Linux
/// libdispatch registers the source a moment after `resume()`, and a signal in between was
/// ignored (a `SIGINT` sent right after `pipe fake-api` printed its banner left it running).
/// Here the process's handler only writes the signal's number to a pipe (all a handler may
/// safely do), and a thread reads it and makes the call.
enum SignalWatch {
  private static let calls = Mutex<[Int32: @Sendable () -> Void]>([:])
  /// The pipe, made once, with its reading thread.
  private static let pipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    _ = descriptors.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress!) }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    let (read, write) = (descriptors[0], descriptors[1])
    let reader = Thread { SignalWatch.deliver(from: read) }
    reader.name = "pipe signals"
    reader.start()
    return (read, write)
  }()
  /// The write end for the handler, which must not run Swift's lazy initialisation.
  nonisolated(unsafe) private static var handlerDescriptor: Int32 = -1

  /// From now on `signal` calls `call` (on the signals thread) instead of its default action.
  static func watch(_ signal: Int32, _ call: @escaping @Sendable () -> Void) {
    handlerDescriptor = pipe.write
    calls.withLock { $0[signal] = call }
    Glibc.signal(signal) { number in
      var byte = UInt8(truncatingIfNeeded: number)
      _ = Glibc.write(SignalWatch.handlerDescriptor, &byte, 1)
    }
  }

  /// `signal` is ignored again (the watcher is done with it).
  static func ignore(_ signal: Int32) {
    Glibc.signal(signal, SIG_IGN)
    _ = calls.withLock { $0.removeValue(forKey: signal) }
  }

  private static func deliver(from descriptor: Int32) {
    var byte: UInt8 = 0
    while true {
      let count = Glibc.read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return }
      if let call = calls.withLock({ $0[Int32(byte)] }) { call() }
    }
  }
}
