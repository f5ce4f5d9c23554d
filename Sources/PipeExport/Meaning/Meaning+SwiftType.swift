import PipeDSL

/// The Swift element type a chain's literals suggest, for the Swift writers (Combine and
/// RxSwift) alike: the first literal a `catchAndReturn`, `startWith` or `catch (just V)` gives,
/// else `String`.
extension Meaning {
  static func swiftTypeHint(_ meanings: [Meaning]) -> String {
    for meaning in meanings {
      switch meaning {
      case .catchAndReturn(let arg), .startWith(let arg), .catchFallback(.just(let arg)):
        if let type = swiftType(arg) { return type }
      default: continue
      }
    }
    return "String"
  }

  static func swiftType(_ arg: Arg) -> String? {
    switch arg.kind {
    case .literal(.string): return "String"
    case .literal(.int): return "Int"
    case .literal(.double), .literal(.duration): return "Double"
    case .literal(.bool): return "Bool"
    default: return nil
    }
  }
}
