import Foundation
import Synchronization

/// What the texts a person runs may do, decided by the person who runs them and never by the
/// text: the command line's flags (`--allow-net`, `--allow-write`, `--set`) and, at the prompt,
/// the person's answers. Every effect asks it first: a plugin request that would reach a host,
/// a secret that would go with it, a file a text names for writing. A script (`pipe run`,
/// `pipe check`, `-e`, `:load`) cannot widen it: nothing in the language sets it.
///
/// What it refused is kept (`refusals`), so `pipe check` can report per file what a hand-in
/// tried. docs/PERMISSIONS.md is the model for a person. Safe from any thread.
///
///     let permissions = Permissions(grant: .init(network: .hosts([]), command: "pipe check"))
///     permissions.request(plugin: "weather", settings: settings) { print($0) }
///     // .failure(notAllowed: reach 127.0.0.1:8080 ...) when weather.mode is live
public final class Permissions: Sendable {
  /// Which hosts a text may reach.
  public enum Network: Sendable, Equatable {
    /// Any host (the prompt, `pipe run`, `pipe -e` by default).
    case anywhere
    /// Only these: `host` or `host:port`; none at all when empty (`pipe check` by default).
    case hosts([String])
  }

  /// Where a text may write a file it names (`:export`, `marbles svg:`).
  public enum Writing: Sendable, Equatable {
    /// Anywhere, over existing files too (`--allow-write`).
    case anywhere
    /// New files in the current folder (the default), and anything inside these folders,
    /// existing files too (`--allow-write=DIR`).
    case folders([String])
  }

  /// What the person granted.
  public struct Grant: Sendable, Equatable {
    public var network: Network
    public var writing: Writing
    /// The command, as messages name it: `pipe check`, `pipe run`, `the prompt`.
    public var command: String

    public init(network: Network = .anywhere, writing: Writing = .folders([]), command: String = "pipe") {
      self.network = network
      self.writing = writing
      self.command = command
    }
  }

  /// Something a text tried and was not allowed to do.
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What it tried: `write /home/ada/.ssh/authorized_keys`, `reach 127.0.0.1:8080`.
    public var action: String
    /// Why not, and the flag that would allow it.
    public var reason: String

    public var description: String { "\(action): \(reason)" }
  }

  public let grant: Grant
  /// At the prompt, the person's yes or no to a question; nil where nobody can answer (a
  /// script, standard input not a terminal): then what needs a yes is refused.
  let ask: (@Sendable (String) -> Bool)?
  /// The current folder's real path, where new files may be written.
  let folder: String
  private let state = Mutex(State())

  private struct State {
    var refusals: [Refusal] = []
    /// The settings as the person set them (flags, saved settings, the prompt's own `set`s).
    var person: [String: Value] = [:]
    /// Whether the text running now is the person's (the prompt) or a script's.
    var scriptDepth = 0
    /// The notes already given, each once.
    var noted: Set<String> = []
    /// Destinations that never get a secret, whoever set them: a joined room's service.
    var keyless: Set<String> = []
    /// The plugins a script started by path (`:plugin load` in a `:load`ed file).
    var scriptPlugins: Set<String> = []
    /// How many files a text named were not written (refused or failed).
    var unwritten = 0
  }

  /// Everything allowed: for tests of the engine and in-process sessions.
  public static var unrestricted: Permissions { Permissions(grant: Grant(writing: .anywhere)) }

  public init(
    grant: Grant, ask: (@Sendable (String) -> Bool)? = nil,
    folder: String = FileManager.default.currentDirectoryPath
  ) {
    self.grant = grant
    self.ask = ask
    self.folder = Permissions.realPath(folder) ?? folder
  }

  /// What was refused so far, in order.
  public var refusals: [Refusal] { state.withLock { $0.refusals } }

  private func refuse(_ action: String, _ reason: String) -> Refusal {
    let refusal = Refusal(action: action, reason: reason)
    state.withLock { $0.refusals.append(refusal) }
    return refusal
  }

  // MARK: Who speaks

  /// Takes what `settings` holds now as the person's: the command line's `--set`s and the
  /// saved settings, before any script runs; then follows `settings`, taking a change as the
  /// person's while no script runs (`whileScript`), so that at the prompt what the person
  /// types counts and what a `:load`ed file sets does not.
  public func follow(_ settings: Settings) {
    let values = settings.explicitValues
    state.withLock { $0.person = values }
    settings.observeValues { [weak self] key, value in
      self?.state.withLock { state in
        if state.scriptDepth == 0 { state.person[key] = value }
      }
    }
  }

  /// Runs `body` as a script's: the settings it changes are not the person's.
  public func whileScript<T>(_ body: () throws -> T) rethrows -> T {
    state.withLock { $0.scriptDepth += 1 }
    defer { state.withLock { $0.scriptDepth -= 1 } }
    return try body()
  }

  /// Runs `body` as a script's when `script` is true, else as the person's.
  public func whileScript<T>(if script: Bool, _ body: () throws -> T) rethrows -> T {
    script ? try whileScript(body) : try body()
  }

  /// Marks every text run from now on as a script's (`pipe run`, `-e`, `check`).
  public func scriptsOnly() { state.withLock { $0.scriptDepth += 1 } }

  /// Whether the prompt may save `value` of `key` in the person's settings file: a script's
  /// destination (`:load`ed) is not the person's, and saved it would be theirs next time.
  public func maySave(_ key: String, _ value: Value?) -> Bool {
    // Back to the default (nil) is safe: that is the public API's own address.
    value == nil || !Permissions.isDestination(key) || state.withLock { $0.person[key] } == value
  }

  /// The person's value of `key`: set by them, else the default.
  private func personValue(_ key: String, in settings: Settings) -> Value {
    state.withLock { $0.person[key] } ?? settings.definitions[key]?.defaultValue ?? .null
  }

  // MARK: Plugins

  /// A setting that says where a plugin's requests go: its last word ends in `url`, `host` or
  /// `endpoint` (`weather.baseURL`).
  public static func isDestination(_ key: String) -> Bool {
    let last = key.split(separator: ".").last.map { $0.lowercased() } ?? ""
    return last.hasSuffix("url") || last.hasSuffix("host") || last.hasSuffix("endpoint")
  }

  /// Makes `url` a destination that never gets a secret, not even one the person typed: the
  /// service of a room the person joined (`pipe join`), which a whole class shares.
  public func sendNoSecrets(to url: String) { state.withLock { _ = $0.keyless.insert(url) } }

  /// Notes that the plugin `name` was started by path (`:plugin load`): while a script runs
  /// (a `:load`ed file) it is the script's choice, not the person's, and never gets the
  /// person's secrets; loaded by the person, it is theirs again.
  public func loaded(plugin name: String) {
    state.withLock { state in
      if state.scriptDepth > 0 {
        state.scriptPlugins.insert(name)
      } else {
        state.scriptPlugins.remove(name)
      }
    }
  }

  /// What a request of `plugin` is sent with: the settings it sees, less the person's secrets
  /// when a script chose where they would go, the plugin (`:plugin load`) or its destination
  /// (a `baseURL` elsewhere than the person's), with a note on `notes`, once; or the error
  /// that refuses it, when the plugin is in live mode towards a host the person did not allow.
  public func request(
    plugin: String, settings: Settings, notes: (String) -> Void
  ) -> Result<[String: Value], PipeError> {
    var visible = settings.visible(to: plugin)
    if let refusal = refusedNetwork(plugin: plugin, settings: settings) {
      return .failure(PipeError(kind: "notAllowed", message: refusal.description))
    }
    if state.withLock({ $0.scriptPlugins.contains(plugin) }) {
      withholdSecrets(
        from: &visible, settings, target: "plugin '\(plugin)'",
        because: "a script loaded it (:plugin load), and your key goes only to plugins you chose",
        allow: ":plugin load it yourself at the prompt", notes: notes)
      return .success(visible)
    }
    let keyless = state.withLock { $0.keyless }
    if let room = visible.keys.sorted().first(where: {
      Permissions.isDestination($0) && keyless.contains(visible[$0]?.plain ?? "")
    }) {
      for key in visible.keys.sorted() where settings.isSecretKey(key) && visible[key] != .string("") {
        visible[key] = .string("")  // no key at all: the live client then sends no key parameter
        if state.withLock({ $0.noted.insert("room " + key).inserted }) {
          notes(
            "note: \(key) is not sent to \(visible[room]?.plain ?? ""): a room's service never gets your key")
        }
      }
      return .success(visible)
    }
    let moved = visible.keys.sorted().filter {
      Permissions.isDestination($0) && visible[$0] != personValue($0, in: settings)
    }
    guard let destination = moved.first else { return .success(visible) }
    let target = visible[destination]?.plain ?? ""
    withholdSecrets(
      from: &visible, settings, target: target,
      because: "a script set \(destination), and your key goes only where you point it",
      allow: "--set \(destination)=\(target)", notes: notes)
    return .success(visible)
  }

  /// Takes the person's secrets out of `visible` (the plugin applies its default instead),
  /// each noted once on `notes` and kept as a refusal: `key is not sent to TARGET: BECAUSE;
  /// the request goes without it (to send it there: ALLOW)`.
  private func withholdSecrets(
    from visible: inout [String: Value], _ settings: Settings, target: String, because: String,
    allow: String, notes: (String) -> Void
  ) {
    for key in visible.keys.sorted() where settings.isSecretKey(key) && isPersons(key, settings) {
      visible.removeValue(forKey: key)
      let refusal = Refusal(
        action: "send \(key) to \(target)",
        reason: "\(because); the request goes without it (to send it there: \(allow))")
      if state.withLock({ $0.noted.insert(refusal.description).inserted }) {
        state.withLock { $0.refusals.append(refusal) }
        notes("note: \(key) is not sent to \(target): \(refusal.reason)")
      }
    }
  }

  /// Whether the secret `key`'s current value is the person's: from the environment or their
  /// own `set`, not the default and not one a script set.
  private func isPersons(_ key: String, _ settings: Settings) -> Bool {
    let value = settings[key]
    guard value != .null, value != settings.definitions[key]?.defaultValue else { return false }
    guard settings.isSet(key) else { return true }  // from the environment
    return state.withLock { $0.person[key] } == value
  }

  /// Why `plugin` may not make this request: its mode is `live` and the host its settings
  /// name is not one the person allowed.
  private func refusedNetwork(plugin: String, settings: Settings) -> Refusal? {
    guard case .hosts(let allowed) = grant.network,
      settings["\(plugin).mode"].plain.lowercased() == "live"
    else { return nil }
    let destinations = settings.keys.filter { $0.hasPrefix(plugin + ".") && Permissions.isDestination($0) }
    for key in destinations {
      let url = settings[key].plain
      let host = Permissions.host(of: url)
      guard !Permissions.allows(allowed, host) else { continue }
      let allow = host.isEmpty ? "--allow-net" : "--allow-net=\(host)"
      let why =
        allowed.isEmpty
        ? "\(grant.command) runs without the network"
        : "\(grant.command) may reach only \(allowed.joined(separator: ", "))"
      return refuse(
        "reach \(host.isEmpty ? url : host) (\(plugin).mode live, \(key))",
        "\(why); allow it with \(allow)")
    }
    return nil
  }

  /// `host:port` of a URL (`http://127.0.0.1:8080/x` → `127.0.0.1:8080`), or its host alone
  /// when it names no port; empty when it names no host.
  public static func host(of url: String) -> String {
    guard let parts = URLComponents(string: url), let host = parts.host, !host.isEmpty else { return "" }
    return parts.port.map { "\(host):\($0)" } ?? host
  }

  /// Whether `allowed` (`host` or `host:port` each) lets a request reach `host`; names in
  /// any case, as DNS reads them.
  static func allows(_ allowed: [String], _ host: String) -> Bool {
    guard !host.isEmpty else { return false }
    let host = host.lowercased()
    let name = host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
    return allowed.contains { $0.lowercased() == host || $0.lowercased() == name }
  }

  // MARK: Files

  /// Where a text may write the file it named: the folder by its real path (every link and
  /// `..` resolved), the name in it, and whether a file already there may be replaced. The
  /// decision holds only for that folder: the writer opens it and checks that the folder it
  /// opened is this one (`TextFile`), so a link swapped in afterwards writes nothing.
  public struct WritePlace: Sendable, Equatable {
    /// The folder's real path.
    public var folder: String
    /// The file's name in it: no `/`, not `.` or `..`.
    public var name: String
    /// Whether an existing file (or link) of that name may be replaced; when false, only a
    /// new file is written.
    public var replacing: Bool
    /// The file's whole path.
    public var path: String { (folder == "/" ? "" : folder) + "/" + name }
  }

  /// Where to write the file a text names as `path` (`~` expanded, relative to the current
  /// folder), with its folder's symbolic links and `..` resolved; or why not. A new file in
  /// the current folder is allowed; elsewhere, or over an existing file, it needs
  /// `--allow-write` (at the prompt, the person's yes). A name with a control character, a
  /// folder, a device, a FIFO or a socket is never written.
  public func write(_ path: String) -> Result<WritePlace, Refusal> {
    if let control = path.unicodeScalars.first(where: Permissions.isUnprintable) {
      let code = "U+" + String(control.value, radix: 16, uppercase: true)
      return .failure(
        refuse(
          "write a file", "its name holds a control character (\(code)); pipe writes no such name"))
    }
    let expanded = HomeFolder.expand(path)
    let absolute = expanded.hasPrefix("/") ? expanded : folder + "/" + expanded
    let name = (absolute as NSString).lastPathComponent
    let lexicalParent = (absolute as NSString).deletingLastPathComponent
    guard let parent = Permissions.realPath(lexicalParent) else {
      // Not a refusal: nothing to decide on, and nothing may be created to fit it later.
      return .failure(Refusal(action: "write \(path)", reason: "no such folder '\(lexicalParent)'"))
    }
    guard !expanded.hasSuffix("/"), name != "..", name != ".", name != "/" else {
      return .failure(Refusal(action: "write \(path)", reason: "it is a folder"))
    }
    let target = WritePlace(folder: parent, name: name, replacing: false)
    var status = stat()
    let exists = lstat(target.path, &status) == 0
    let kind = status.st_mode & S_IFMT
    if exists, kind == S_IFDIR { return .failure(Refusal(action: "write \(path)", reason: "it is a folder")) }
    if exists, kind != S_IFREG, kind != S_IFLNK {
      return .failure(
        refuse(
          "write \(path)", "it is \(Permissions.kindName(kind)), not a file; pipe writes only regular files"))
    }
    if grant.writing == .anywhere { return .success(WritePlace(folder: parent, name: name, replacing: true)) }
    let isLink = exists && kind == S_IFLNK
    let granted = grantedFolders.contains { Permissions.isInside(target.path, $0) }
    let problem: String
    let allowIn: String
    if isLink {
      // Written in its place, a link is replaced: only `--allow-write` or a yes.
      let pointsTo =
        Permissions.realPath(target.path)
        ?? ((try? FileManager.default.destinationOfSymbolicLink(atPath: target.path)).map {
          "\($0), which does not exist"
        } ?? "a place that does not exist")
      problem = "it is a symbolic link to \(pointsTo)"
      allowIn = ""
    } else if !granted && !Permissions.isInside(target.path, folder) {
      problem = "it is outside the current folder (\(folder))"
      allowIn = "=" + parent
    } else if exists && !granted {
      problem = "the file exists and would be overwritten"
      allowIn = "=" + parent
    } else {
      return .success(WritePlace(folder: parent, name: name, replacing: granted))
    }
    if let ask, ask("\(path) (\(target.path)): \(problem). Write it? [y/N] ") {
      return .success(WritePlace(folder: parent, name: name, replacing: true))
    }
    let flag = "--allow-write" + allowIn
    let how =
      ask == nil ? "\(grant.command) needs \(flag) to write it" : "not written (allow it with \(flag))"
    return .failure(refuse("write \(path)", "\(problem); \(how)"))
  }

  /// How many files the texts named were not written, refused or failed: a run that lost one
  /// does not end as a success.
  public var unwrittenFiles: Int { state.withLock { $0.unwritten } }

  /// Counts a file a text named that was not written (`TextFile`).
  public func noteUnwritten() { state.withLock { $0.unwritten += 1 } }

  /// The refusal of a write whose folder, opened, was not the one decided on (`write`): a
  /// link swapped in between, or the folder moved.
  public func refuseMoved(_ path: String, decided: String, opened: String) -> Refusal {
    refuse(
      "write \(path)",
      "its folder changed as it was written (\(decided) is now \(opened)): nothing was written")
  }

  /// A character that has no place in a file's name a person reads: C0 and C1 controls, DEL,
  /// and format characters (bidi overrides, zero-width ones).
  static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
    default: false
    }
  }

  /// `a FIFO`, `a folder`, …: what a file of this `st_mode & S_IFMT` is.
  static func kindName(_ kind: mode_t) -> String {
    switch kind {
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    default: "not a regular file"
    }
  }

  /// The folders the grant names, by their real paths.
  private var grantedFolders: [String] {
    guard case .folders(let named) = grant.writing else { return [] }
    return named.map { Permissions.realPath(HomeFolder.expand($0)) ?? $0 }
  }

  /// Whether `path` is `folder` or inside it (both real paths).
  static func isInside(_ path: String, _ folder: String) -> Bool {
    folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  /// The path with every link and `..` resolved; nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
