/// Lists and dicts: `[1, 2]`, `[a: 1, "#": timeout, *: 0]`, `[]`, `[:]`.
extension Parser {
  // list = "[" [ arg { "," arg } [ "," ] ] "]" ;
  // dict = "[" key ":" arg { "," key ":" arg } [ "," ] "]" | "[" ":" "]" ;
  mutating func parseListOrDict() -> ArgKind {
    let open = advance()
    if check(.colon) && peek(1).kind == .rightBracket {
      advance()
      advance()
      return .dict([])
    }
    return nested(.brackets, { $0.parseItems(open) }, orElse: .invalid)
  }

  // items = list-items | dict-entries ;   (* a dict when the first item is "key :" *)
  private mutating func parseItems(_ open: Token) -> ArgKind {
    let isDict = startsDictEntry
    var items: [Arg] = []
    var entries: [DictEntry] = []
    repeat {
      if check(.rightBracket) { break }
      if isDict {
        if let entry = parseDictEntry() { entries.append(entry) }
      } else {
        items.append(parseArgument())
      }
    } while match(.comma) != nil
    finishBracketed(open, expecting: "',' or ']'")
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
