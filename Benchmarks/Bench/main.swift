// `make bench`: the figures of issue 16 in one table, from the benchmarks beside this
// executable, each run with `--json`: the language against the engine on the same chain and
// on the suite of real shapes (LanguageBenchmark's Shapes.swift),
// `pipe -e 'just 1'` against a Foundation hello-world, `pipe fake-api` under wrk, and `pipe lsp`'s
// diagnostics and completion.
//
//     swift run -c release Bench [--json] [--quick] [--skip fake-api]
//
// `--json` prints one object per row and line; `--quick` runs each benchmark briefly (for a
// look, not for figures); `--skip NAME` leaves out language, startup, fake-api or lsp.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
// Anything else is refused before a benchmark starts: a tool that asks for help or a dump
// (swift-argument-parser's generate-manual asks every executable) must not start minutes of
// measuring.
for (index, argument) in arguments.enumerated()
where !["--json", "--quick", "--skip"].contains(argument) && (index == 0 || arguments[index - 1] != "--skip")
{
  FileHandle.standardError.write(
    Data("usage: Bench [--json] [--quick] [--skip language|startup|fake-api|lsp]...\n".utf8))
  exit(argument == "--help" || argument == "-h" ? 0 : 2)
}
let json = arguments.contains("--json")
let quick = arguments.contains("--quick")
let skipped = Set(zip(arguments, arguments.dropFirst()).filter { $0.0 == "--skip" }.map(\.1))
let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent()

/// One figure of one benchmark, as its `--json` line gives it.
struct Row {
  var name: String
  var value: Double
  var unit: String
  var target: String?
  var met: Bool?
  var detail: String

  init(name: String, value: Double, unit: String, detail: String) {
    (self.name, self.value, self.unit, self.detail) = (name, value, unit, detail)
  }

  init?(json line: Substring) {
    guard
      let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
      let name = object["name"] as? String, let value = object["value"] as? Double
    else { return nil }
    self.name = name
    self.value = value
    unit = object["unit"] as? String ?? ""
    target = object["target"] as? String
    met = object["met"] as? Bool
    detail = object["detail"] as? String ?? ""
  }

  var object: [String: Any] {
    var object: [String: Any] = ["name": name, "value": value, "unit": unit, "detail": detail]
    if let target { object["target"] = target }
    if let met { object["met"] = met }
    return object
  }
}

/// Runs a benchmark beside this executable with `--json`; its rows, or a note on standard
/// error when it could not run.
func rows(of benchmark: String, _ extra: [String]) -> [Row] {
  let process = Process()
  process.executableURL = products.appendingPathComponent(benchmark)
  process.arguments = ["--json"] + extra
  let pipe = Pipe()
  process.standardOutput = pipe
  do {
    try process.run()
  } catch {
    FileHandle.standardError.write(Data("bench: cannot run \(benchmark): \(error)\n".utf8))
    return []
  }
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let rows = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap(Row.init(json:))
  if rows.isEmpty {
    FileHandle.standardError.write(
      Data("bench: \(benchmark) gave no figures (exit \(process.terminationStatus))\n".utf8))
  }
  return rows
}

/// The machine's load average over the last minute (`/proc/loadavg`): every figure is read
/// against it.
func loadAverage() -> Double {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
  return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
}

var all: [Row] = []
let loadAtStart = loadAverage()
if !skipped.contains("language") { all += rows(of: "LanguageBenchmark", quick ? ["--quick"] : []) }
if !skipped.contains("startup") {
  all += rows(of: "StartupBenchmark", [products.appendingPathComponent("pipe").path, quick ? "5" : "40"])
}
if !skipped.contains("fake-api") {
  all += rows(of: "FakeAPIBenchmark", quick ? ["--runs", "1", "--seconds", "3"] : [])
}
if !skipped.contains("lsp") {
  all += rows(of: "LSPBenchmark", [products.appendingPathComponent("pipe").path])
}
let loadAtEnd = loadAverage()
all.append(
  Row(
    name: "bench.load_average", value: max(loadAtStart, loadAtEnd), unit: "",
    detail: String(format: "1-minute load at start and end: %.1f %.1f, ", loadAtStart, loadAtEnd)
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores"))

if json {
  for row in all {
    let data = (try? JSONSerialization.data(withJSONObject: row.object, options: [.sortedKeys])) ?? Data()
    print(String(decoding: data, as: UTF8.self))
  }
} else {
  let lines =
    [["figure", "value", "target", "", "how"]]
    + all.map { row in
      [
        row.name, String(format: abs(row.value) >= 100 ? "%.0f" : "%.2f", row.value) + " " + row.unit,
        row.target ?? "", row.met.map { $0 ? "met" : "MISSED" } ?? "", row.detail,
      ]
    }
  let widths = (0..<5).map { column in lines.map { $0[column].count }.max() ?? 0 }
  for (index, line) in lines.enumerated() {
    let cells = line.enumerated().map { column, cell in
      column == 1
        ? String(repeating: " ", count: widths[column] - cell.count) + cell
        : cell + String(repeating: " ", count: widths[column] - cell.count)
    }
    print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
  }
}
exit(all.contains { $0.name != "bench.load_average" } ? 0 : 2)
