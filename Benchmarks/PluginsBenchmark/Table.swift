import Foundation

/// Prints the rows as an aligned table.
enum Table {
  static func print(_ rows: [Row]) {
    let lines =
      [["case", "result", "target", ""], ["----", "------", "------", ""]]
      + rows.map { [$0.name, $0.value, $0.target, $0.met.map { $0 ? "met" : "MISSED" } ?? ""] }
    let widths = (0..<4).map { column in lines.map { $0[column].count }.max() ?? 0 }
    for line in lines {
      let cells = line.enumerated().map { column, cell in
        cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      Swift.print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
  }

  static func rate(_ perSecond: Double) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 0
    return formatter.string(from: NSNumber(value: perSecond)) ?? "\(Int(perSecond))"
  }

  static func micro(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

  static func milli(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1e3) }
}
