import Foundation
import JSON
import Operators
import PipeDSL
import PipeProcessSupport
import XCTest

@testable import PluginBridge
@testable import PluginHost

/// A burst of replies received at once by one subscription, delivered on the virtual clock:
/// the time grows with the burst's size, not its square (200k replies took 16.5 s against
/// 3.9 s for 100k, each taken from the front of an array). In process: it starts no process,
/// and it measures this thread's CPU time, which a busy machine does not inflate.
final class PluginCallBurstTests: XCTestCase {
  func testABurstIsDeliveredInTimeLinearInItsSize() {
    let growth = Growth.ratio(small: 12_000, large: 48_000, under: 6) { deliveryTime(of: $0) }
    XCTAssertLessThan(growth.ratio, 6, "replies delivered: " + growth.measured)
  }

  /// Hands `count` replies and a completion to a `PluginCall` in one go, then runs the clock;
  /// returns the CPU time that took, in seconds.
  private func deliveryTime(of count: Int) -> Double {
    let scheduler = VirtualTimeScheduler()
    var delivered = 0
    var completed = false
    let observer = Observer<Value> { event in
      if case .next = event { delivered += 1 } else { completed = true }
    }
    var handler: ((PluginEvent) -> Bool)?
    let call = PluginCall(scheduler: scheduler, observer: observer)
    _ = call.start { taken in
      handler = taken
      return PluginSubscription(delivery: Delivery(handler: taken, deliver: { $0() }), process: nil, id: 0)
    }
    let started = Growth.threadCPUSeconds()
    for _ in 0..<count { _ = handler?(.next(.int(1), afterMs: 0)) }
    _ = handler?(.completed(afterMs: 0))
    scheduler.advance(by: .seconds(1))
    let seconds = Growth.threadCPUSeconds() - started
    XCTAssertEqual(delivered, count)
    XCTAssertTrue(completed)
    return seconds
  }
}
