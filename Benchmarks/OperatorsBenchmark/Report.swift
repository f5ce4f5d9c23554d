import Foundation

/// Prints rows as a table with each row's ratio to pipe's row of the same case, or as JSON lines.
enum Report {
  static func printTable(_ rows: [Row], anchors: [String: [(String, Double)]], targets: [String: Double]) {
    let header = ["case", "impl", "ns/op", "ops/s", "peak MB", "× pipe", "target", "note"]
    var lines: [[String]] = [header]
    for row in rows {
      let pipe = rows.first { $0.benchCase == row.benchCase && $0.impl == "pipe" }
      let ratio = pipe.map { row.nsPerOp / $0.nsPerOp } ?? 0
      let target = row.impl == "pipe" ? targets[row.benchCase].map { "≤ \(format($0))" } ?? "" : ""
      lines.append([
        row.benchCase, row.impl, format(row.nsPerOp), format(row.opsPerSecond),
        String(format: "%.1f", row.peakRSSMB), String(format: "%.2f", ratio), target, row.note,
      ])
    }
    let measured = Set(rows.map(\.benchCase))
    for (benchCase, recorded) in anchors.sorted(by: { $0.key < $1.key }) where measured.contains(benchCase) {
      for (impl, ns) in recorded {
        let pipe = rows.first { $0.benchCase == benchCase && $0.impl == "pipe" }
        let ratio = pipe.map { ns / $0.nsPerOp } ?? 0
        lines.append([
          benchCase, impl, format(ns), format(1e9 / ns), "", String(format: "%.2f", ratio), "",
          "recorded in FIELD-NOTES, not run here",
        ])
      }
    }
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    for (index, line) in lines.enumerated() {
      let cells = line.enumerated().map { column, cell in
        column < 2 || column == 7 ? pad(cell, widths[column]) : padLeft(cell, widths[column])
      }
      print(cells.joined(separator: "  "))
      if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
    }
  }

  static func printJSON(_ rows: [Row]) {
    for row in rows {
      let object: [String: Any] = [
        "case": row.benchCase, "impl": row.impl, "ns_per_op": row.nsPerOp,
        "ops_per_s": row.opsPerSecond, "peak_rss_mb": row.peakRSSMB,
      ]
      let data = try! JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
      print(String(decoding: data, as: UTF8.self))
    }
  }

  static func format(_ value: Double) -> String {
    if value >= 1e6 { return String(format: "%.2fM", value / 1e6) }
    if value >= 1e4 { return String(format: "%.0f", value) }
    if value >= 100 { return String(format: "%.0f", value) }
    return String(format: "%.2f", value)
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
