import PipeDSL

/// `clients 10000 (weather "London" | retry 3)`: ten thousand copies on the virtual clock
/// against the one in-process simulated weather service (issue 32). Target: under 2 s.
enum FleetCase {
  static let statement = #"clients 10000 (weather "London" | retry 3) outage 500ms"#
  static let repetitions = CommandLine.arguments.contains("--quick") ? 1 : 3

  static func run() -> [Row] {
    var times: [Double] = []
    for _ in 0..<repetitions {
      let output = BufferedOutput()
      let session = Session.make(clock: .virtual, output: output)
      times.append(ChainCase.time { _ = session.execute(SourceFile(name: "bench.pipe", text: statement)) })
      precondition(
        output.lines.count == 1 && output.lines[0].hasPrefix("{requests: 10000,"),
        "wrong result: \(output.lines) \(output.errorLines)")
    }
    let seconds = ChainCase.median(times)
    return [
      Row(
        name: "clients 10000 (weather | retry 3)", implementation: "pipe language", value: seconds,
        unit: "s", id: "language.clients_10000_s", target: "< 2", met: seconds < 2,
        note: "median of \(repetitions), one shared simulated service, a 500 ms outage")
    ]
  }
}
