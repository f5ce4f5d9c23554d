// `pipe lsp` as an editor meets it: the time from a change of a 200-line document to its
// diagnostics, and of a completion, each measured from the request written to the answer read
// (p95 of 100, after 10 to warm up). Issue 28's targets: 50 ms and 20 ms.
//
//     swift run -c release LSPBenchmark [PIPE] [--json]
import Foundation

let json = CommandLine.arguments.contains("--json")
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--json" }
let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent()
let binary = arguments.first ?? products.appendingPathComponent("pipe").path
guard FileManager.default.isExecutableFile(atPath: binary) else {
  print("no pipe at \(binary): build it first (make release)")
  exit(2)
}

/// `pipe lsp` on two pipes, one message at a time.
final class Server {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var pending: [UInt8] = []

  init() throws {
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  func send(_ message: [String: Any]) {
    let body = try! JSONSerialization.data(withJSONObject: message)
    input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  /// The next message the server writes.
  func read() -> [String: Any] {
    while true {
      if let end = find(Array("\r\n\r\n".utf8)) {
        let header = String(decoding: pending[..<end], as: UTF8.self)
        let length = Int(header.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))!
        if pending.count >= end + 4 + length {
          let body = Data(pending[(end + 4)..<(end + 4 + length)])
          pending.removeFirst(end + 4 + length)
          return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }
      }
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else {
        print("pipe lsp ended")
        exit(1)
      }
      pending += chunk
    }
  }

  private func find(_ needle: [UInt8]) -> Int? {
    guard pending.count >= needle.count else { return nil }
    return (0...(pending.count - needle.count)).first { Array(pending[$0..<($0 + needle.count)]) == needle }
  }

  /// Reads until `done` says a message is the one awaited.
  func read(until done: ([String: Any]) -> Bool) {
    while !done(read()) {}
  }
}

func document(_ change: Int) -> String {
  (0..<100).map { index in
    let factor = index == 50 ? change : index
    return "let s\(index) = of(1, 2, 3) | map { . * \(factor) } | retry 2\n"
      + "s\(index) | filter { . > 1 } | take 2 | expect [\(2 * factor), \(3 * factor)]\n"
  }.joined()
}

func milliseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func p95(_ samples: [Double]) -> Double { samples.sorted()[min(samples.count - 1, samples.count * 95 / 100)] }

let server = try Server()
let uri = "file:///bench/two-hundred.pipe"
server.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
server.read { $0["id"] as? Int == 1 }
server.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
server.send([
  "jsonrpc": "2.0", "method": "textDocument/didOpen",
  "params": ["textDocument": ["uri": uri, "languageId": "pipe", "version": 1, "text": document(1)]],
])
server.read { $0["method"] as? String == "textDocument/publishDiagnostics" }
var diagnostics: [Double] = []
var errors = 0
for version in 2...111 {
  let time = milliseconds {
    server.send([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": uri, "version": version], "contentChanges": [["text": document(version)]],
      ],
    ])
    server.read { message in
      guard message["method"] as? String == "textDocument/publishDiagnostics",
        let params = message["params"] as? [String: Any], params["version"] as? Int == version
      else { return false }
      errors += (params["diagnostics"] as? [Any])?.count ?? 0
      return true
    }
  }
  if version > 11 { diagnostics.append(time) }
}
var completions: [Double] = []
for id in 100..<210 {
  let time = milliseconds {
    server.send([
      "jsonrpc": "2.0", "id": id, "method": "textDocument/completion",
      "params": ["textDocument": ["uri": uri], "position": ["line": 101, "character": 16]],
    ])
    server.read { $0["id"] as? Int == id }
  }
  if id >= 110 { completions.append(time) }
}
server.send(["jsonrpc": "2.0", "id": 999, "method": "shutdown"])
server.read { $0["id"] as? Int == 999 }
server.send(["jsonrpc": "2.0", "method": "exit"])
server.process.waitUntilExit()

let rows: [(name: String, value: Double, target: Double, detail: String)] = [
  (
    "lsp.diagnostics_p95_ms", p95(diagnostics), 50,
    "didChange of a 200-line document to its publishDiagnostics, p95 of \(diagnostics.count)"
      + (errors > 0 ? " (\(errors) diagnostics: the document is meant to have none)" : "")
  ),
  (
    "lsp.completion_p95_ms", p95(completions), 20,
    "completion after `s50 | ` in it, p95 of \(completions.count)"
  ),
]
for row in rows {
  if json {
    let object: [String: Any] = [
      "name": row.name, "value": row.value, "unit": "ms", "target": "≤ \(Int(row.target))",
      "met": row.value <= row.target, "detail": row.detail,
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
  } else {
    print(String(format: "%@  %.2f ms  (target ≤ %.0f ms)  %@", row.name, row.value, row.target, row.detail))
  }
}
