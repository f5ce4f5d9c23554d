/// Lists and dicts: `[1, 2]`, `[a: 1, "#": timeout, *: 0]`, `[]`, `[:]`, and records as pipe
/// prints them: `{a: 1}`, `{}`.
extension Parser {
  // list = "[" [ arg { "," arg } [ "," ] ] "]" ;
  // dict = "[" key ":" arg { "," key ":" arg } [ "," ] "]" | "[" ":" "]"
  //      | "{" [ key ":" arg { "," key ":" arg } [ "," ] ] "}" ;
  mutating func parseListOrDict() -> ArgKind {
    let open = advance()
    if check(.colon) && peek(1).kind == .rightBracket {
      advance()
      advance()
      return .dict([])
    }
    return nested(.brackets, { $0.parseItems(open) }, orElse: .invalid)
  }

  /// Whether the current `{` opens a record as pipe prints one (`{a: 1}`, `{}`) rather
  /// than an expression (`{ .temp }`): an expression never starts with `key:`.
  var startsBracedRecord: Bool {
    guard check(.leftBrace) else { return false }
    let next = peek(1)
    if next.kind == .rightBrace { return true }
    guard peek(2).kind == .colon else { return false }
    return next.kind == .identifier || next.kind == .star || next.literal?.isString == true
  }

  /// `{a: 1}`: the same entries as `[a: 1]`.
  mutating func parseBracedRecord() -> ArgKind {
    let open = advance()
    if check(.rightBrace) {
      advance()
      return .dict([])
    }
    return nested(.brackets, { $0.parseItems(open) }, orElse: .invalid)
  }

  // items = list-items | dict-entries ;   (* a dict when the first item is "key :" *)
  private mutating func parseItems(_ open: Token) -> ArgKind {
    let isDict = startsDictEntry || open.kind == .leftBrace
    var items: [Arg] = []
    var entries: [DictEntry] = []
    let closer = open.kind.closer ?? .rightBracket
    repeat {
      if check(closer) { break }
      if isDict {
        if let entry = parseDictEntry() { entries.append(entry) }
      } else {
        items.append(parseArgument())
      }
    } while match(.comma) != nil
    finishBracketed(open, expecting: closer == .rightBrace ? "',' or '}'" : "',' or ']'")
    return isDict ? .dict(entries) : .list(items)
  }

  private var startsDictEntry: Bool {
    guard peek(1).kind == .colon else { return false }
    return check(.identifier) || check(.star) || (check(.literal) && current.literal?.isString == true)
  }

  // entry = key ":" arg ;  key = IDENT | STRING | "*" ;
  private mutating func parseDictEntry() -> DictEntry? {
    let keyToken = current
    let key: DictEntry.Key
    switch keyToken.kind {
    case .identifier: key = .name(keyToken.text)
    case .star: key = .wildcard
    case .literal where keyToken.literal?.isString == true:
      guard case .string(let string)? = keyToken.literal else { return nil }
      key = .string(string)
    default:
      reportAtCurrent { .expectedKey($0) }
      synchronize()
      return nil
    }
    advance()
    guard match(.colon) != nil else {
      reportAtCurrent { .expected("':' after the key", $0) }
      synchronize()
      return nil
    }
    return DictEntry(key: key, keySpan: keyToken.span, value: parseArgument())
  }
}

extension Literal {
  var isString: Bool {
    if case .string = self { return true }
    return false
  }
}
