extension MarbleDiagram {
  /// A diagram of recorded events, with `label` drawing each value as one character.
  ///
  ///     MarbleDiagram(recorded: [(.zero, .next(1)), (.milliseconds(3), .completed)]) {
  ///       Character(String($0))
  ///     }.rendered()  // "1--|"
  public init<Element>(
    recorded: [(time: Time, event: Event<Element>)], label: (Element) -> Character
  ) {
    self.init(events: recorded.map { (time: $0.time, event: MarbleEvent($0.event, label: label)) })
  }

  /// The diagram in marble syntax: parsing the result gives this diagram back, unless events
  /// stand closer after a group than the group's length, which RxJS syntax cannot express.
  ///
  ///     try MarbleDiagram(hot: "-a 100ms (bc)|").rendered()  // "-a 100ms (bc)|"
  ///     try MarbleDiagram(hot: "-a 100ms (bc)|").rendered(maxDashes: 200)  // "-a----…-(bc)|"
  public func rendered(maxDashes: Int = 20) -> String {
    MarbleRenderer(maxDashes: maxDashes).render(tokens)
  }

  /// What to draw, sorted by frame from the first column: `^` first on its frame, `!` last.
  private var tokens: [MarbleRenderer.Token] {
    let origin = subscription ?? .zero
    var ranked: [(rank: Int, token: MarbleRenderer.Token)] = events.map {
      (1, MarbleRenderer.Token(frame: $0.time + origin, glyph: $0.event.glyph))
    }
    if let subscription { ranked.append((0, .init(frame: subscription, glyph: "^"))) }
    if let unsubscription {
      ranked.append((2, .init(frame: unsubscription, glyph: "!", advances: false)))
    }
    let order = ranked.indices.sorted {
      (ranked[$0].token.frame, ranked[$0].rank, $0) < (ranked[$1].token.frame, ranked[$1].rank, $1)
    }
    return order.map { ranked[$0].token }
  }
}

extension MarbleDiagram: CustomStringConvertible {
  public var description: String { rendered() }
}
