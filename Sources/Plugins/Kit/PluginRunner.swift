import CProcess
import Foundation
import Synchronization

/// Runs a plugin: says hello, then turns the host's lines into running subscriptions.
final class PluginRunner: Sendable {
  private struct Running {
    let emitter: Emitter
    var task: Task<Void, Never>?
  }

  let plugin: any Plugin
  private let output: Output
  private let running = Mutex([Int: Running]())

  init(plugin: any Plugin, output: Output) {
    self.plugin = plugin
    self.output = output
  }

  /// How many subscriptions are running.
  var runningCount: Int { running.withLock { $0.count } }

  /// Sends the hello, in the newest protocol version both sides speak: the host offers its
  /// versions in `PIPE_PLUGIN_PROTOCOLS` (`offered`; a host that does not is of version 1). It
  /// is checked first, as the host will. A plugin whose hello names a version of its own says
  /// that one.
  func sayHello(offered: String?) throws(ProtocolError) {
    var hello = plugin.hello
    if hello.protocolVersion == pluginProtocolVersion {
      hello = hello.speaking(negotiatedProtocolVersion(offered: offered) ?? pluginProtocolVersion)
    }
    let message = PluginMessage.hello(hello)
    if pluginProtocolVersions.contains(hello.protocolVersion) {
      _ = try PluginMessage(json: message.json, version: hello.protocolVersion)
    }
    output.version = hello.protocolVersion
    output.send(message)
  }

  /// Handles one line from the host. A line that is not a host message is reported on stderr.
  func handle(line: some Collection<UInt8>) {
    do {
      switch try HostMessage.decode(line: line, version: output.version) {
      case .hello(let host) where host.protocolVersion != output.version:
        throw ProtocolError("the host's hello says protocol \(host.protocolVersion), not \(output.version)")
      case .hello: break
      case .subscribe(let request): start(request)
      case .cancel(let id): cancel(id)
      }
    } catch {
      FileHandle.standardError.write(Data("\(plugin.name): ignoring a line from the host: \(error)\n".utf8))
    }
  }

  private func start(_ subscribe: Subscribe) {
    let emitter = Emitter(id: subscribe.id, output: output)
    let request: Request
    do {
      request = try RequestPreparer(plugin: plugin).prepare(subscribe)
    } catch {
      emitter.error(error)
      return
    }
    running.withLock { $0[request.id] = Running(emitter: emitter) }
    let task = startTask {
      await self.execute(request, emitter)
      self.running.withLock { _ = $0.removeValue(forKey: request.id) }
    }
    running.withLock { $0[request.id]?.task = task }
    if emitter.isCancelled { task.cancel() }
  }

  /// Starts `work` at once on this thread, until its first suspension: a subscription that
  /// answers without waiting costs no thread hop (where the runtime has `Task.immediate`).
  private func startTask(_ work: sending @escaping () async -> Void) -> Task<Void, Never> {
    if #available(macOS 26.0, *) {
      return Task.immediate(operation: work)
    }
    return Task(operation: work)
  }

  private func execute(_ request: Request, _ emit: Emitter) async {
    do {
      try await plugin.subscribe(request, emit)
      emit.completed()
    } catch let error as PluginError {
      emit.error(error)
    } catch {
      emit.error(KitErrorKind.pluginError, String(describing: error))
    }
  }

  private func cancel(_ id: Int) {
    let entry = running.withLock { $0.removeValue(forKey: id) }
    entry?.emitter.cancel()
    entry?.task?.cancel()
  }

  /// Speaks the protocol on stdin/stdout until stdin closes, then exits.
  static func runOnStandardStreams(_ plugin: any Plugin) -> Never {
    signal(SIGPIPE, SIG_IGN)
    _ = pipe_forbid_core_dumps()  // a plugin may hold an API key: a crash must not write it to disk
    let runner = PluginRunner(plugin: plugin, output: .standardOutput)
    do {
      try runner.sayHello(offered: ProcessInfo.processInfo.environment[pluginProtocolsVariable])
    } catch {
      FileHandle.standardError.write(Data("\(plugin.name): invalid hello: \(error)\n".utf8))
      exit(70)
    }
    runner.readLines(from: STDIN_FILENO)
    exit(0)
  }

  /// Reads `fd` until end of file, handling each line.
  func readLines(from fd: Int32) {
    var splitter = LineSplitter()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      do {
        try splitter.feed(buffer[0..<count]) { line in
          handle(line: line)
          return true
        }
      } catch {
        FileHandle.standardError.write(Data("\(plugin.name): \(error)\n".utf8))
        return
      }
    }
  }
}
