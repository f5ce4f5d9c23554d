import ArgumentParser

/// An option of `pipe` itself. swift-argument-parser parses the root command's options wherever
/// they stand, after a subcommand's name too, and takes them away from the subcommand: `pipe
/// export --format jsonl` or `pipe run a.pipe -e 'just 1'` would parse and then be ignored. So
/// each subcommand names the ones it honours (`honoured`) and refuses the rest in its
/// `validate()`, through `@ParentCommand`.
enum RootOption: String, CaseIterable {
  case code = "-e"
  case clock = "--clock"
  case speed = "--speed"
  case seed = "--seed"
  case noColor = "--no-color"
  case ascii = "--ascii"
  case answer = "--answer"
  case format = "--format"
  case allowNet = "--allow-net"
  case allowWrite = "--allow-write"
  case set = "--set"

  /// What `pipe check`, `pipe export` and the rest take of `pipe`'s options.
  static let common: Set<RootOption> = [.seed, .noColor, .ascii, .answer, .allowNet, .allowWrite, .set]

  /// Throws a usage error naming the first option `pipe` was given that `command` does not
  /// honour, with the reason `reasons` gives for it or a pointer to the command's help.
  static func refuse(
    allBut honoured: Set<RootOption>, given root: PipeCommand, in command: String,
    reasons: [RootOption: String] = [:]
  ) throws {
    guard let refused = allCases.first(where: { !honoured.contains($0) && root.was(given: $0) }) else {
      return
    }
    let reason = reasons[refused] ?? "see '\(command) --help'"
    throw ValidationError("\(command) does not take \(refused.rawValue): \(reason)")
  }
}

extension PipeCommand {
  /// Whether `option` was on the command line (the options without a value of their own are
  /// optional for this).
  func was(given option: RootOption) -> Bool {
    switch option {
    case .code: code != nil
    case .clock: options.clock != nil
    case .speed: options.speed != nil
    case .seed: options.seed != nil
    case .noColor: options.noColor
    case .ascii: options.ascii
    case .answer: options.answer != nil
    case .format: format.given != nil
    case .allowNet: !options.common.allowNet.isEmpty
    case .allowWrite: !options.common.allowWrite.isEmpty
    case .set: !options.common.assignments.isEmpty
    }
  }
}
