import Foundation
import Operators
import PipeDSL

/// One real shape of pipeline (issue 31): the statement through the language, and a reference
/// doing the same work in the same run (the engine on Ints, or a hand-written Swift loop),
/// which also gives the result the language must print.
struct Shape {
  /// How a run of the statement is made.
  enum Runner {
    /// In this process, on a virtual-clock session whose output keeps only the last line.
    case session
    /// The release `pipe` beside this benchmark, `pipe -e STATEMENT`, its standard output a
    /// pipe read to the end (`show` and `table` as a person pipes them).
    case binary
  }

  var name: String
  /// The statement, for `count` values (or inner subscriptions, or statements).
  var statement: (Int) -> String
  var count: Int
  /// What a figure counts: "events/s", "inner subscriptions/s", "statements/s".
  var unit = "events/s"
  /// The least figure the issue asks for (nil: none asked).
  var target: Double? = 10e6
  var runner = Runner.session
  /// What the reference is, for the table.
  var reference: String
  /// The reference's work for `count`; returns what the language's last line must be
  /// (nil: the output's line count, `lines`, is checked instead).
  var run: (Int) -> String?
  /// How many lines the language must print, when `run` gives no last line.
  var lines: ((Int) -> Int)? = nil
}

/// The suite of real shapes: each shape's language and reference alternately, medians.
enum ShapeCase {
  static let quick = CommandLine.arguments.contains("--quick")
  static let repetitions = quick ? 1 : 5

  static func run(only: String?) -> [Row] {
    Shapes.all.filter { shape in only.map { $0.isEmpty || shape.name.contains($0) } ?? true }.flatMap(measure)
  }

  /// The shape's rows: the language's figure, the reference's, and the ratio of their times.
  static func measure(_ shape: Shape) -> [Row] {
    let count = quick ? max(shape.count / 10, 1) : shape.count
    var languageTimes: [Double] = []
    var referenceTimes: [Double] = []
    for _ in 0..<repetitions {
      var expected: String?
      referenceTimes.append(ChainCase.time { expected = shape.run(count) })
      languageTimes.append(ChainCase.time { runLanguage(shape, count: count, expected: expected) })
    }
    let language = ChainCase.median(languageTimes)
    let reference = ChainCase.median(referenceTimes)
    let figure = Double(count) / language
    let id =
      "shape."
      + shape.name.filter { $0.isLetter || $0.isNumber || $0 == " " }
      .split(separator: " ").joined(separator: "_").lowercased()
    let runs = "median of \(repetitions)"
    return [
      Row(
        name: shape.name, implementation: "pipe language" + (shape.runner == .binary ? " (the binary)" : ""),
        value: figure, unit: shape.unit, id: id,
        target: shape.target.map { "≥ " + Table.format($0) } ?? "",
        met: shape.target.map { figure >= $0 },
        note: String(
          format: "%.1f ns each, %@ values; ", language * 1e9 / Double(count), Table.format(Double(count)))
          + runs + ": " + (shape.statement(count).split(separator: "\n").first.map(String.init) ?? "")),
      Row(
        name: shape.name, implementation: shape.reference, value: Double(count) / reference, unit: shape.unit,
        id: id + ".reference", note: runs + ", alternating with the language"),
      Row(
        name: shape.name, implementation: "language / reference", value: language / reference, unit: "×",
        id: id + ".ratio", note: "ratio of the medians' times"),
    ]
  }

  static func runLanguage(_ shape: Shape, count: Int, expected: String?) {
    let statement = shape.statement(count)
    let (lines, last): (Int, String?)
    switch shape.runner {
    case .session: (lines, last) = inSession(statement)
    case .binary: (lines, last) = throughBinary(statement)
    }
    if let expected {
      precondition(last == expected, "\(shape.name): printed \(last ?? "nothing"), expected \(expected)")
    }
    if let expectedLines = shape.lines?(count) {
      precondition(lines == expectedLines, "\(shape.name): printed \(lines) lines, expected \(expectedLines)")
    }
  }

  /// Runs `statement` on a fresh virtual-clock session: the lines printed and the last one.
  static func inSession(_ statement: String) -> (Int, String?) {
    let output = LastLine()
    let session = Session.make(clock: .virtual, output: output)
    let report = session.execute(SourceFile(name: "bench.pipe", text: statement))
    precondition(report.diagnostics.isEmpty && output.errors == 0, "\(statement): \(report.diagnostics)")
    return (output.count, output.last)
  }

  /// Runs `pipe -e statement` with its output on a pipe: the lines it printed and the last one.
  static func throughBinary(_ statement: String) -> (Int, String?) {
    let process = Process()
    process.executableURL = pipeBinary
    process.arguments = ["--no-color", "-e", statement]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fatalError("cannot run \(pipeBinary.path): \(error)") }
    var lines = 0
    var tail = Data()
    while true {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      lines += chunk.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
      tail = (tail + chunk).suffix(4096)
    }
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "\(statement): exit \(process.terminationStatus)")
    let last = String(decoding: tail, as: UTF8.self).split(separator: "\n").last.map(String.init)
    return (lines, last)
  }

  /// The release `pipe` beside this executable (`make bench` builds it first).
  static let pipeBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("pipe")
}

/// An output that keeps how many lines came and the last one: as little as an output can do.
/// A line given as bytes (`show`'s int, `log`'s line) is kept as bytes, in one buffer, as
/// standard output copies it into its buffer: made a `String` only when read.
final class LastLine: PipeDSL.OutputStream, @unchecked Sendable {
  var count = 0
  var errors = 0
  private var lastText: String?
  private var lastBytes: [UInt8] = []
  private var lastIsBytes = false

  var last: String? { lastIsBytes ? String(decoding: lastBytes, as: UTF8.self) : lastText }

  func line(_ text: String) {
    count += 1
    lastText = text
    lastIsBytes = false
  }

  func line(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    count += 1
    lastBytes.removeAll(keepingCapacity: true)
    lastBytes.append(contentsOf: bytes)
    lastIsBytes = true
  }
  func errorLine(_ text: String) { errors += 1 }
}
