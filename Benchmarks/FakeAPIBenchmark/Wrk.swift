import Foundation

/// One run of wrk against a server: `wrk -t2 -c100 -d20s --latency` over the fake API's three
/// data routes in turn (a Lua script rotates them).
struct Wrk {
  var threads = 2
  var connections = 100
  var seconds = 20

  /// What a run measured.
  struct Figures {
    var requestsPerSecond: Double
    /// The 99th percentile of the latency, in milliseconds.
    var p99: Double
    /// Answers that were not 2xx, and socket errors (connect, read, write, timeout).
    var errors: Int
    /// Requests answered in all.
    var requests: Int
  }

  static let paths = [
    "/data/2.5/weather?q=London&appid=bench&units=metric",
    "/v2/city?city=Paris&state=Ile-de-France&country=France&key=bench",
    "/v2/nearest_city?lat=51.5&lon=-0.12&key=bench",
  ]

  static var executable: String? {
    ["/usr/bin/wrk", "/usr/local/bin/wrk"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs wrk against 127.0.0.1:`port` and reads its report.
  func run(port: UInt16, wrk: String, script: String) throws -> Figures {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrk)
    process.arguments = [
      "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script,
      "http://127.0.0.1:\(port)",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try Self.parse(String(decoding: data, as: UTF8.self))
  }

  /// Writes the Lua script that rotates the paths, and returns its path.
  static func writeScript() throws -> String {
    let list = paths.map { "\"\($0)\"" }.joined(separator: ", ")
    let lua = """
      local paths = {\(list)}
      local i = 0
      request = function()
        i = i % #paths + 1
        return wrk.format("GET", paths[i])
      end
      """
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fake-api-bench-\(getpid()).lua")
    try lua.write(to: path, atomically: true, encoding: .utf8)
    return path.path
  }

  struct Unreadable: Error, CustomStringConvertible {
    let report: String
    var description: String { "cannot read wrk's report:\n\(report)" }
  }

  /// Reads `N requests in`, `Requests/sec:`, the ` 99%` latency line, `Non-2xx` and `Socket errors` from a report.
  static func parse(_ report: String) throws -> Figures {
    var rate: Double?
    var p99: Double?
    var errors = 0
    var requests = 0
    for line in report.split(separator: "\n") {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
      if line.contains(" requests in ") {
        requests = words.first.flatMap { Int($0) } ?? 0
      } else if line.hasPrefix("Requests/sec:") {
        rate = words.last.flatMap { Double($0) }
      } else if words.first == "99%", let value = words.last {
        p99 = milliseconds(String(value))
      } else if line.contains("Non-2xx") {
        errors += words.last.flatMap { Int($0) } ?? 0
      } else if line.contains("Socket errors") {
        errors += words.compactMap { Int($0) }.reduce(0, +)
      }
    }
    guard let rate, let p99 else { throw Unreadable(report: report) }
    return Figures(requestsPerSecond: rate, p99: p99, errors: errors, requests: requests)
  }

  /// `"12.34ms"` → 12.34, `"850.00us"` → 0.85, `"1.20s"` → 1200.
  static func milliseconds(_ text: String) -> Double? {
    for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
      return Double(text.dropLast(unit.count)).map { $0 * scale }
    }
    return nil
  }
}
