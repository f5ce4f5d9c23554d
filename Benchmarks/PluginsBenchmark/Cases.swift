import Foundation
import PluginHost
import PluginProtocol

/// One measured figure, with its target.
struct Row {
  var name: String
  var value: String
  var target: String
  var met: Bool?
}

/// The measurements, against the testbed next to this executable.
enum Cases {
  /// Sequential subscribe → next → completed round trips through the host, best of `rounds`,
  /// in seconds per round trip. Each subscription is made by the previous one's handler, on
  /// the loop, as a resubscribing operator (retry, repeat) does.
  static func roundTrips(
    deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void, count: Int, rounds: Int
  ) -> Double {
    let host = PluginHost(options: .init(directories: [Paths.products]), deliver: deliver)
    defer { host.shutdown() }
    let done = DispatchSemaphore(value: 0)
    @Sendable func chain(_ remaining: Int) {
      _ = host.subscribe(plugin: "testbed", source: "echo", args: ["value": 1]) { event in
        guard event.isTerminal else { return }
        if remaining > 1 { chain(remaining - 1) } else { done.signal() }
      }
    }
    func run(_ count: Int) {
      deliver { chain(count) }
      done.wait()
    }
    run(1_000)  // start the plugin, warm both sides up
    return best(of: rounds) { run(count) } / Double(count)
  }

  /// A byte sent through `/bin/cat` and back, in seconds: two wake-ups, the floor under any
  /// round trip between two processes on this machine at this moment.
  static func pipeFloor(count: Int) -> Double {
    let cat = Process()
    cat.executableURL = URL(fileURLWithPath: "/bin/cat")
    let input = Pipe()
    let output = Pipe()
    (cat.standardInput, cat.standardOutput) = (input, output)
    guard (try? cat.run()) != nil else { return .nan }
    defer { try? input.fileHandleForWriting.close() }
    let (writeEnd, readEnd) = (
      input.fileHandleForWriting.fileDescriptor, output.fileHandleForReading.fileDescriptor
    )
    var byte: UInt8 = 1
    return best(of: 3) {
      for _ in 0..<count {
        _ = write(writeEnd, &byte, 1)
        _ = read(readEnd, &byte, 1)
      }
    } / Double(count)
  }

  /// Values streamed by one subscription (`count n`), seconds per value, best of `rounds`.
  static func streaming(count: Int, rounds: Int) -> Double {
    let host = PluginHost(options: .init(directories: [Paths.products]), deliver: { $0() })
    defer { host.shutdown() }
    let done = DispatchSemaphore(value: 0)
    return best(of: rounds) {
      _ = host.subscribe(plugin: "testbed", source: "count", args: ["n": .int(count)]) { event in
        if event.isTerminal { done.signal() }
      }
      done.wait()
    } / Double(count)
  }

  /// From starting a plugin to its hello, in seconds: the median of `count` fresh starts.
  static func spawnToHello(path: String, count: Int) -> Double {
    var times: [Double] = []
    for _ in 0..<count {
      let host = PluginHost(options: .init(directories: []), deliver: { $0() })
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try? host.load(path: path)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      host.shutdown()
    }
    return times.sorted()[times.count / 2]
  }

  /// The shortest of `rounds` runs of `body`, in seconds.
  private static func best(of rounds: Int, _ body: () -> Void) -> Double {
    (0..<rounds).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }.min()!
  }
}

enum Paths {
  /// The directory of this executable, where the build put the testbed too.
  static let products: String = {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
    return (executable as NSString).deletingLastPathComponent
  }()

  static var testbed: String { products + "/pipe-plugin-testbed" }

  /// `examples/plugins/pipe-plugin-dice.py`, found from this file's place in the repository.
  static let dice = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/plugins/pipe-plugin-dice.py").path
}
