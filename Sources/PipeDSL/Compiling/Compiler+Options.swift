/// The checks of a stage's option words that every catalogue entry shares.
extension Compiler {
  /// Reports options the entry does not have, options written without a value, and options
  /// written twice. Returns false when anything was reported.
  func checkOptions(_ entry: CatalogueEntry, _ options: [StageOption]) -> Bool {
    var ok = true
    var seen: Set<String> = []
    for option in options {
      let name = option.name.text
      guard entry.options.contains(name) else {
        reportUnknownOption(name, of: entry, at: option.name.span)
        ok = false
        continue
      }
      if option.value == nil {
        report(.optionNeedsValue(name, at: option.name.span, signature: entry.signature))
        ok = false
      }
      if !seen.insert(name).inserted {
        report(.duplicateOption(name, at: option.name.span))
        ok = false
      }
    }
    return ok
  }

  /// A bare word past the last argument an entry with options takes, such as `maxx` in
  /// `retryWhen backoff(1) maxx 3`, is a misspelt option rather than one argument too many.
  func checkStrayOption(_ entry: CatalogueEntry, _ positional: [Arg]) -> Bool {
    guard !entry.options.isEmpty, positional.count > entry.arity.upperBound,
      case .name(let word) = positional[entry.arity.upperBound].kind, !word.isDotted
    else { return true }
    reportUnknownOption(word.text, of: entry, at: word.span)
    return false
  }

  private func reportUnknownOption(_ name: String, of entry: CatalogueEntry, at span: Span) {
    report(.unknownOption(name, of: entry, at: span))
  }
}
