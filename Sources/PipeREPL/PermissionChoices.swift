import Foundation
import PipeDSL

/// What the person running pipe allows the texts it runs, as the command line says
/// (docs/PERMISSIONS.md): `--allow-net[=HOST,...]`, `--allow-write[=DIR,...]` and the
/// settings they configure themselves, `--set KEY=VALUE`. One value, which `arguments` turns
/// back into a command line, for a child `pipe` that runs one file of `pipe check`.
struct PermissionChoices: Equatable, Sendable {
  /// What `--allow-net` or `--allow-write` without a value stands for once spelled out.
  static let everything = "*"

  /// `--allow-net`: nil when not given; `*`, every host; else `host` or `host:port` each.
  var net: [String]? = nil
  /// `--allow-write`: nil when not given; `*`, anywhere; else folders.
  var write: [String]? = nil
  /// `--set KEY=VALUE`, in the order given.
  var assignments: [String] = []

  /// The options again, as `pipe` reads them.
  var arguments: [String] {
    func spelled(_ name: String, _ values: [String]?) -> [String] {
      guard let values else { return [] }
      return values.contains(Self.everything) ? [name] : ["\(name)=\(values.joined(separator: ","))"]
    }
    return spelled("--allow-net", net) + spelled("--allow-write", write)
      + assignments.flatMap { ["--set", $0] }
  }

  /// The permissions of a run: `command` names it in messages; `pipe check` (`grading`)
  /// reaches no host unless allowed, the others any host unless `--allow-net` names some.
  /// `ask` is the person's yes or no, at the prompt.
  func permissions(command: String, grading: Bool = false, ask: (@Sendable (String) -> Bool)? = nil)
    -> Permissions
  {
    let network: Permissions.Network =
      switch net {
      case nil: grading ? .hosts([]) : .anywhere
      case let hosts? where hosts.contains(Self.everything): .anywhere
      case let hosts?: .hosts(hosts)
      }
    let writing: Permissions.Writing =
      switch write {
      case let folders? where folders.contains(Self.everything): .anywhere
      case let folders?: .folders(folders)
      case nil: .folders([])
      }
    return Permissions(grant: .init(network: network, writing: writing, command: command), ask: ask)
  }

  /// Sets each `--set KEY=VALUE` in `settings`: a number or `true`/`false` as such, any other
  /// value as a string.
  func apply(to settings: Settings) {
    for (key, value) in assignments.compactMap(Self.split) { settings.set(key, value) }
  }

  /// A warning for each secret given with `--set`: other users can read it in the process
  /// list, and the shell keeps it in its history.
  var warnings: [String] {
    assignments.compactMap(Self.split).map(\.key).filter(Settings.isSecret).map { key in
      "warning: \(key) is given with --set, where other users can see it (ps) and the shell keeps it "
        + "in its history\nhelp: put it in the environment instead: export \(Settings.environmentName(of: key))=…"
    }
  }

  /// `weather.baseURL=http://x` → (`weather.baseURL`, "http://x"); nil without a `=`.
  static func split(_ text: String) -> (key: String, value: Value)? {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
    let key = String(text[..<equals])
    let raw = String(text[text.index(after: equals)...])
    let value: Value =
      if let int = Int(raw) { .int(int) } else if let number = Double(raw), number.isFinite {
        .double(number)
      } else if raw == "true" || raw == "false" { .bool(raw == "true") } else { .string(raw) }
    return (key, value)
  }

  /// The command line with a bare `--allow-net` or `--allow-write` written `--allow-net=*`: the
  /// parser has no option whose value may be left out, and would take the next word (a
  /// file to check) as the hosts.
  static func spellingOut(_ arguments: [String]) -> [String] {
    var result: [String] = []
    for (index, argument) in arguments.enumerated() {
      if argument == "--" { return result + arguments[index...] }
      result.append(
        ["--allow-net", "--allow-write"].contains(argument) ? argument + "=" + everything : argument)
    }
    return result
  }
}
