import FakeAPI
import Foundation
import PluginProtocol
import SourceCore
import Synchronization
import TerminalText

/// `pipe fake-api`'s output: whole lines on standard output, written at once, from any thread,
/// their control characters visible (a request's path is any client's text).
enum Console {
  private static let lock = Mutex(())

  static func line(_ text: String) {
    lock.withLock { _ in _ = Descriptor.write(text.neutralisingControls() + "\n", to: STDOUT_FILENO) }
  }

  /// `13:02:11  GET /data/2.5/weather?q=London&appid=•••• → 200 …`
  static func stamped(_ text: String) -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return String(format: "%02d:%02d:%02d  ", parts.tm_hour, parts.tm_min, parts.tm_sec) + text
  }

  /// `none`, or the plan as it is written.
  static func describe(_ plan: FaultPlan) -> String {
    plan == .none ? "none" : plan.description
  }

  /// `weather 500,500,ok, airquality none`
  static func describe(_ faults: FakeAPIFaults) -> String {
    FakeAPIService.allCases.map { "\($0.rawValue) \(describe(faults[$0]))" }.joined(separator: ", ")
  }

  static func describe(_ status: [(service: FakeAPIService, faults: FaultPlan, requests: Int)]) -> String {
    status.map { "\($0.service.rawValue) \(describe($0.faults))" }.joined(separator: ", ")
  }
}

/// Runs async work from a thread that may block (never from a task of the cooperative pool).
enum Blocking {
  static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let outcome: Result<T, any Error>
      do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
  }

  static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    // A non-throwing closure cannot fail.
    try! run { () async throws -> T in await work() }
  }
}

/// Standard input as single keys: in a terminal, without waiting for Enter and without echo
/// (Ctrl-C still interrupts). `restore()` gives the terminal back as it was.
struct TerminalKeys {
  private let saved: termios?

  init() {
    var settings = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else {
      saved = nil
      return
    }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  func restore() {
    guard var saved else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }
}
