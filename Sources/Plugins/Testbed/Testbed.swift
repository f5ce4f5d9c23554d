import Foundation
import PluginKit

/// A plugin whose sources misbehave on demand, to test the host against every fault.
///
/// Environment: `PIPE_TESTBED_PROTOCOL=2` says hello with another protocol version;
/// `PIPE_TESTBED_NO_HELLO=1` never says hello; with `PIPE_TESTBED_ONCE=PATH` those two apply
/// only while the file PATH exists, and the plugin that obeys them deletes it (so the next start
/// is a good one).
struct Testbed: Plugin {
  let name = "testbed"
  let version = "1.0.0"
  let sources = [
    SourceSpec(
      "echo", doc: "Emits its argument, then completes, each after `delay` simulated ms.",
      params: [
        ParamSpec("value", .any, default: "echo", doc: "the value"),
        ParamSpec("delay", .int, default: 0, doc: "after_ms of both events"),
      ]),
    SourceSpec(
      "count", doc: "Emits 0, 1, ..., n-1, then completes.",
      params: [ParamSpec("n", .int, doc: "how many values")]),
    SourceSpec(
      "ticks", doc: "Emits 0, 1, 2, ... until cancelled, `every` simulated ms apart, 1 real ms apart.",
      params: [ParamSpec("every", .int, default: 100, doc: "after_ms of each value")]),
    SourceSpec("inspect", doc: "Emits the request it got (args, settings, attempt) and its pid."),
    SourceSpec(
      "fail", doc: "Fails with the given error.",
      params: [
        ParamSpec("kind", .string, default: "boom", doc: "error kind"),
        ParamSpec("status", .int, default: 500, doc: "status"),
      ]),
    SourceSpec("crash", doc: "Aborts the plugin process."),
    SourceSpec(
      "exit", doc: "Exits the plugin process.",
      params: [ParamSpec("code", .int, default: 3, doc: "exit status")]),
    SourceSpec("hang", doc: "Never answers; logs when it is cancelled."),
    SourceSpec("freeze", doc: "Stops the whole plugin process (SIGSTOP)."),
    SourceSpec("garbage", doc: "Writes a line that is not JSON."),
    SourceSpec("huge", doc: "Writes a 2 MiB line."),
    SourceSpec(
      "slow", doc: "Waits, then emits the delay and completes.",
      params: [ParamSpec("ms", .int, doc: "milliseconds")]),
    SourceSpec(
      "stderr", doc: "Writes its text on stderr, then completes.",
      params: [ParamSpec("text", .string, doc: "text")]),
  ]
  let settings = [SettingSpec("testbed.flavour", .string, default: "plain", doc: "a setting to inspect")]
  let errors = ["boom"]
  /// The version the hello says.
  var protocolVersion = pluginProtocolVersion

  var hello: Hello {
    var hello = Hello(name: name, version: version, sources: sources, settings: settings, errors: errors)
    hello.protocolVersion = protocolVersion
    return hello
  }

  func subscribe(_ request: Request, _ emit: Emitter) async throws {
    switch request.source {
    case "echo":
      emit.next(request["value"], afterMs: request["delay"].intValue)
      emit.completed(afterMs: request["delay"].intValue)
    case "count": for value in 0..<request["n"].intValue! { emit.next(.int(value)) }
    case "ticks":
      for tick in 0... {
        emit.next(.int(tick), afterMs: request["every"].intValue)
        try await Task.sleep(for: .milliseconds(1))
      }
    case "inspect":
      emit.next([
        "args": .object(request.args), "settings": .object(request.settings),
        "attempt": .int(request.attempt), "pid": .int(Int(getpid())),
      ])
    case "fail":
      throw PluginError(request["kind"].stringValue!, "failed on demand", status: request["status"].intValue)
    case "crash": abort()
    case "exit": exit(Int32(request["code"].intValue!))
    case "hang": try await hang(emit)
    case "freeze": raise(SIGSTOP)
    case "garbage": writeRaw("this is not JSON\n")
    case "huge":
      writeRaw(
        #"{"type":"next","id":\#(request.id),"value":""# + String(repeating: "x", count: 2 << 20) + "\"}\n")
    case "slow":
      try await Task.sleep(for: .milliseconds(request["ms"].intValue!))
      emit.next(request["ms"])
    default: FileHandle.standardError.write(Data((request["text"].stringValue! + "\n").utf8))
    }
  }

  private func hang(_ emit: Emitter) async throws {
    do {
      while true { try await Task.sleep(for: .seconds(3600)) }
    } catch {
      emit.log("hang \(emit.id) cancelled")
      throw error
    }
  }

  private func writeRaw(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// The environment variable `name`, unless `PIPE_TESTBED_ONCE` names a file that does not exist.
func faultSetting(_ name: String) -> String? {
  let environment = ProcessInfo.processInfo.environment
  if let once = environment["PIPE_TESTBED_ONCE"], !FileManager.default.fileExists(atPath: once) { return nil }
  return environment[name]
}

/// Deletes the `PIPE_TESTBED_ONCE` file: the fault has happened once.
func faultHappened() {
  if let once = ProcessInfo.processInfo.environment["PIPE_TESTBED_ONCE"] {
    try? FileManager.default.removeItem(atPath: once)
  }
}
