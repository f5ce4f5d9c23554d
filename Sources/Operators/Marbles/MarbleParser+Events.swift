extension MarbleParser {
  /// `^`: time zero of a hot diagram, or the subscription of a subscription diagram.
  mutating func subscribe() throws(MarbleSyntaxError) {
    if kind == .cold { throw MarbleSyntaxError(.subscriptionInColdDiagram, column: column) }
    if diagram.subscription != nil { throw MarbleSyntaxError(.secondSubscription, column: column) }
    diagram.subscription = place(advancing: true)
  }

  /// `!`: the unsubscription of a subscription diagram; it takes no frame.
  mutating func unsubscribe() throws(MarbleSyntaxError) {
    if kind != .subscription { throw MarbleSyntaxError(.unsubscriptionInEventDiagram, column: column) }
    if diagram.unsubscription != nil { throw MarbleSyntaxError(.secondUnsubscription, column: column) }
    unsubscriptionColumn = column
    diagram.unsubscription = place(advancing: false)
  }

  /// A `!` needs a `^` at or before it.
  func checkUnsubscription() throws(MarbleSyntaxError) {
    guard let unsubscription = diagram.unsubscription else { return }
    guard let subscription = diagram.subscription else {
      throw MarbleSyntaxError(.unsubscriptionWithoutSubscription, column: unsubscriptionColumn)
    }
    if unsubscription < subscription {
      throw MarbleSyntaxError(.unsubscriptionBeforeSubscription, column: unsubscriptionColumn)
    }
  }

  /// A value, `#` or `|`: nothing may follow the end of the stream.
  mutating func emit(_ event: MarbleEvent) throws(MarbleSyntaxError) {
    if kind == .subscription {
      throw MarbleSyntaxError(.eventInSubscriptionDiagram(event.glyph), column: column)
    }
    if let ending { throw MarbleSyntaxError(.eventAfterEnd(event.glyph, end: ending), column: column) }
    if event.isStopEvent { ending = event.glyph }
    diagram.events.append((time: place(advancing: true), event: event))
  }
}
