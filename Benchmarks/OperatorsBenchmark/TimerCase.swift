import Operators

/// (d) 100k timers on the virtual-time scheduler.
enum TimerCase {
  static let name = "d: 100k virtual timers"
  static let count = Harness.scaled(100_000)

  static func run() -> [Row] { [pipe()] }

  @inline(never) static func pipe() -> Row {
    let fired = Tally()
    let row = Harness.measure(name, "pipe", operations: count) {
      let clock = VirtualTimeScheduler()
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      for _ in 0..<count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let delay = Time.milliseconds(Int64(state >> 44))
        _ = clock.schedule(after: delay) { fired.value &+= 1 }
      }
      clock.run()
    }
    blackHole(fired.value)
    var copy = row
    copy.note = String(format: "%.1f ms for all 100k", row.nsPerOp * Double(count) / 1e6)
    return copy
  }
}
