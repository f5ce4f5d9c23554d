import Foundation

/// A `pipe-fake-api` process on a free port, its request log discarded.
final class Server {
  let port: UInt16
  private let process = Process()

  init(binary: String) throws {
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // "fake-api listening on http://127.0.0.1:PORT  (control: GET /_control)"
    var banner = Data()
    while !banner.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      banner += chunk
    }
    let line = String(decoding: banner, as: UTF8.self)
    guard let match = line.firstMatch(of: /127\.0\.0\.1:(\d+)/), let port = UInt16(match.1) else {
      process.terminate()
      throw NotStarted(output: line)
    }
    self.port = port
  }

  /// The resident set size now, in MB (`VmRSS` in /proc).
  var residentMB: Double { status("VmRSS:") }

  /// The largest resident set size so far, in MB (`VmHWM`).
  var peakMB: Double { status("VmHWM:") }

  /// The CPU time the server has used so far (user and system), in seconds.
  var cpuSeconds: Double {
    let text = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }

  private func status(_ field: String) -> Double {
    let text =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
    let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
    return kilobytes / 1024
  }

  struct NotStarted: Error, CustomStringConvertible {
    let output: String
    var description: String { "pipe-fake-api did not say its port: \(output)" }
  }
}

/// The machine's load average over the last minute (`/proc/loadavg`).
func loadAverage() -> Double {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
  return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
}
