/// An option of a stage, written `max 4` or `max: 4`.
public struct StageOption: Hashable, Sendable {
  public var name: Name
  /// The option's value; nil when the name was the stage's last word.
  public var value: Arg?

  public init(name: Name, value: Arg?) {
    self.name = name
    self.value = value
  }

  public var span: Span { value.map { name.span.to($0.span) } ?? name.span }
}

extension OperatorStage {
  /// Splits the stage's words into positional arguments and options, given the option names
  /// of this operator: a word that is one of `names` takes the word after it as its value.
  /// Every labeled word (`times: 4`) is an option, known or not, so the checker can report
  /// a misspelt label.
  ///
  ///     // retryWhen online max 4 on [timeout]
  ///     stage.options(named: ["max", "on"])
  ///     // positional: [online], options: [max 4, on [timeout]]
  public func options(named names: Set<String>) -> (positional: [Arg], options: [StageOption]) {
    var positional: [Arg] = []
    var options: [StageOption] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument.kind {
      case .labeled(let label, let value):
        options.append(StageOption(name: label, value: value))
      case .name(let name) where names.contains(name.text):
        let value = index < arguments.count ? arguments[index] : nil
        if value != nil { index += 1 }
        options.append(StageOption(name: name, value: value))
      default:
        positional.append(argument)
      }
    }
    return (positional, options)
  }
}
