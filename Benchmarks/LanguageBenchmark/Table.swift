import Foundation

/// One measured figure.
struct Row {
  var name: String
  var implementation: String
  var value: Double
  var unit: String
  /// A stable name for tools (`--json`).
  var id: String
  var target = ""
  var met: Bool?
  var note: String
}

/// Prints rows as an aligned table, or as one JSON object per row and line.
enum Table {
  static func print(_ rows: [Row]) {
    let header = ["case", "implementation", "figure", "target", "note"]
    let lines =
      [header]
      + rows.map {
        [
          $0.name, $0.implementation, format($0.value) + " " + $0.unit,
          $0.target + ($0.met.map { $0 ? " met" : " MISSED" } ?? ""), $0.note,
        ]
      }
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    for (index, line) in lines.enumerated() {
      let cells = line.enumerated().map { column, cell in
        column == 2
          ? String(repeating: " ", count: widths[column] - cell.count) + cell
          : cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      Swift.print(cells.joined(separator: "  "))
      if index == 0 { Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
    }
  }

  static func printJSON(_ rows: [Row]) {
    for row in rows {
      var object: [String: Any] = [
        "name": row.id, "value": row.value, "unit": row.unit, "detail": row.implementation + ": " + row.note,
      ]
      if !row.target.isEmpty { object["target"] = row.target }
      if let met = row.met { object["met"] = met }
      let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      Swift.print(String(decoding: data, as: UTF8.self))
    }
  }

  static func format(_ value: Double) -> String {
    if value >= 1e6 { return String(format: "%.2fM", value / 1e6) }
    return String(format: value >= 100 ? "%.0f" : "%.1f", value)
  }
}
