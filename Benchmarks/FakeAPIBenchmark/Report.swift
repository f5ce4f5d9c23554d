import Foundation

/// One server's figures over the runs.
struct Measured {
  let server: Server
  /// Resident memory before the first run, in MB.
  let startMB: Double
  var rates: [Double] = []
  var p99s: [Double] = []
  var errors = 0
  /// Resident memory after each run, in MB.
  var residentMB: [Double] = []
  /// The server's CPU time per request in each run, in microseconds.
  var cpuPerRequest: [Double] = []

  /// Adds a run's figures; `cpuSeconds` is the CPU time the server used during it.
  mutating func record(_ figures: Wrk.Figures, cpuSeconds: Double) {
    cpuPerRequest.append(cpuSeconds / Double(max(1, figures.requests)) * 1e6)
    rates.append(figures.requestsPerSecond)
    p99s.append(figures.p99)
    errors += figures.errors
    residentMB.append(server.residentMB)
  }

  /// How far memory rose above where it started, at its highest after a run.
  var growthMB: Double { (residentMB.max() ?? startMB) - startMB }
}

/// One figure: a stable name for tools, its value, the target and whether it is met.
struct Row {
  var name: String
  var value: Double
  var unit: String
  var detail: String
  var target: String = ""
  var met: Bool?
}

/// The rows of the report, and their printing as a table or as JSON.
struct Report {
  let measured: Measured
  let load: [Double]
  let wrk: Wrk

  var rows: [Row] {
    let rate = median(measured.rates)
    let p99 = median(measured.p99s)
    let growth = measured.growthMB
    let memory = String(format: "%.1f → ", measured.startMB) + list(measured.residentMB, "%.1f")
    return [
      Row(
        name: "fake-api.requests_per_s", value: rate, unit: "req/s", detail: list(measured.rates, "%.0f"),
        target: "≥ 5000", met: rate >= 5000),
      Row(
        name: "fake-api.p99_ms", value: p99, unit: "ms", detail: list(measured.p99s, "%.1f"), target: "≤ 20",
        met: p99 <= 20),
      Row(
        name: "fake-api.memory_growth_mb", value: growth, unit: "MB", detail: memory, target: "≤ 10",
        met: growth <= 10),
      Row(
        name: "fake-api.cpu_us_per_request", value: median(measured.cpuPerRequest), unit: "µs",
        detail: list(measured.cpuPerRequest, "%.0f") + " (user + system)"),
      Row(
        name: "fake-api.errors", value: Double(measured.errors), unit: "",
        detail: "non-2xx and socket errors",
        target: "0", met: measured.errors == 0),
      Row(
        name: "fake-api.load_average", value: load.max() ?? 0, unit: "",
        detail: "1-minute load at start and end: " + list(load, "%.1f")
          + ", \(ProcessInfo.processInfo.activeProcessorCount) cores; "
          + "wrk -t\(wrk.threads) -c\(wrk.connections) -d\(wrk.seconds)s"),
    ]
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  private func list(_ values: [Double], _ format: String) -> String {
    values.map { String(format: format, $0) }.joined(separator: " ")
  }

  static func printTable(_ rows: [Row]) {
    let lines =
      [["figure", "value", "target", "", "runs"]]
      + rows.map { row in
        [
          row.name, String(format: row.value >= 100 ? "%.0f" : "%.2f", row.value) + " " + row.unit,
          row.target,
          row.met.map { $0 ? "met" : "MISSED" } ?? "", row.detail,
        ]
      }
    let widths = (0..<5).map { column in lines.map { $0[column].count }.max() ?? 0 }
    for line in lines {
      let cells = line.enumerated().map { column, cell in
        cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
  }

  /// One JSON object per line and row: `{"name": …, "value": …, "unit": …, "target": …, "met": …}`.
  static func printJSON(_ rows: [Row]) {
    for row in rows {
      var object: [String: Any] = [
        "name": row.name, "value": row.value, "unit": row.unit, "detail": row.detail,
      ]
      if !row.target.isEmpty { object["target"] = row.target }
      if let met = row.met { object["met"] = met }
      let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      print(String(decoding: data, as: UTF8.self))
    }
  }
}
