@_exported import PluginProtocol

/// A pipe plugin written in Swift: declare what it offers, implement `subscribe`, call `run()`.
///
/// PluginKit does the rest: it says hello, reads the host's requests from stdin, runs each
/// subscription in its own task (so several run at once), fills in default arguments and
/// settings, checks argument types, writes each reply as one line with one `write`, and stops a
/// subscription when the host cancels it.
///
/// A complete plugin, in `Sources/Plugins/Dice/main.swift` of an executable target named
/// `pipe-plugin-dice`:
///
/// ```swift
/// import PluginKit
///
/// struct Dice: Plugin {
///   let name = "dice"
///   let version = "1.0.0"
///   let sources = [
///     SourceSpec(
///       "roll", doc: "Rolls `count` dice with `sides` faces, one value each.",
///       params: [
///         ParamSpec("count", .int, default: 1, doc: "how many dice"),
///         ParamSpec("sides", .int, default: 6, doc: "faces per die"),
///       ],
///       example: "roll 3 | show")
///   ]
///   let settings = [SettingSpec("dice.loaded", .bool, default: false, doc: "always roll the top face")]
///   let errors = ["badDice"]
///
///   func subscribe(_ request: Request, _ emit: Emitter) async throws {
///     let count = request["count"].intValue!  // type checked, default filled in by PluginKit
///     let sides = request["sides"].intValue!
///     guard (0...100).contains(count), sides >= 1 else {
///       throw PluginError("badDice", "cannot roll \(count) dice with \(sides) sides")
///     }
///     for _ in 0..<count {
///       let loaded = request.setting("dice.loaded").boolValue!
///       emit.next(.int(loaded ? sides : Int.random(in: 1...sides)), afterMs: 10)
///       try await Task.sleep(for: .milliseconds(1))  // a suspension point: a cancel lands here
///     }
///   }  // returning sends `completed`
/// }
///
/// Dice().run()
/// ```
///
/// Rules of the game:
/// - `subscribe` ends the subscription by returning (`completed`), by throwing a `PluginError`
///   (`error` with its kind), or by throwing anything else (`error` with kind `pluginError`). It
///   may also send the terminal event itself with `emit.completed()` or `emit.error(...)`;
///   whatever it sends after that is dropped.
/// - `subscribe` starts at once on the thread that reads the host's requests and runs there until
///   its first `await` (a source that answers at once costs no thread hop). So never block a
///   thread in it (no `sleep`, no semaphores, no blocking I/O): `await` instead. On a cancel the
///   subscription's task is cancelled, so `Task.sleep` and `URLSession` calls throw
///   `CancellationError`, and from then on the emitter drops everything.
/// - Setting keys are full keys in the plugin's namespace (`dice.loaded`). A request carries the
///   plugin's own settings and the global ones (`network`, `seed`, ...).
/// - Log with `emit.log(_:)` or by writing to stderr; never `print` (stdout is the protocol).
public protocol Plugin: Sendable {
  /// The plugin's name: an identifier, the namespace of its settings.
  var name: String { get }
  var version: String { get }
  var sources: [SourceSpec] { get }
  /// Defaults to none.
  var settings: [SettingSpec] { get }
  /// The error kinds the sources raise. Defaults to none.
  var errors: [String] { get }
  /// The first line the plugin writes. Defaults to one built from the properties above.
  var hello: Hello { get }

  /// Runs one subscription: emit values with `emit.next`, then return, throw, or emit the end.
  func subscribe(_ request: Request, _ emit: Emitter) async throws
}

extension Plugin {
  public var settings: [SettingSpec] { [] }
  public var errors: [String] { [] }

  public var hello: Hello {
    Hello(name: name, version: version, sources: sources, settings: settings, errors: errors)
  }

  /// Speaks the protocol on stdin/stdout until stdin closes, then exits.
  public func run() -> Never {
    PluginRunner.runOnStandardStreams(self)
  }
}
