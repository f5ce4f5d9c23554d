/// A parsed RxJS marble diagram: timed events, and where `^` and `!` stand.
///
/// One frame is one millisecond. Event times are measured from the diagram's time zero,
/// which is its `^` if it has one and its first column otherwise, so events before `^` have
/// negative times. `subscription` and `unsubscription` are measured from the first column,
/// as RxJS reads a subscription diagram such as `"--^---!"`.
///
///     let diagram = try MarbleDiagram(hot: "-a-^-b-(cd)|")
///     diagram.events  // a at -2ms, b at 2ms, c and d at 4ms, completed at 8ms
///     diagram.subscription  // 3ms
public struct MarbleDiagram: Sendable {
  /// What a diagram may contain.
  public enum Kind: Sendable {
    /// Events only: a cold source (`cold "-a-b|"`).
    case cold
    /// Events and at most one `^` marking time zero: a hot source or an expectation.
    case hot
    /// Only `^` and `!`, with frames and time progressions: when a source was subscribed.
    case subscription
  }

  /// The events in the order they happen, with their times.
  public var events: [(time: Time, event: MarbleEvent)]
  /// Where `^` stands, from the first column.
  public var subscription: Time?
  /// Where `!` stands, from the first column.
  public var unsubscription: Time?

  public init(
    events: [(time: Time, event: MarbleEvent)] = [], subscription: Time? = nil,
    unsubscription: Time? = nil
  ) {
    self.events = events
    self.subscription = subscription
    self.unsubscription = unsubscription
  }

  /// Parses a diagram of the given kind; a malformed one throws an error naming its column.
  public init(parsing text: String, as kind: Kind) throws(MarbleSyntaxError) {
    self = try MarbleParser(text: text, kind: kind).parse()
  }

  /// Parses a cold diagram: `"-a-(bc)-#"`.
  public init(cold text: String) throws(MarbleSyntaxError) {
    try self.init(parsing: text, as: .cold)
  }

  /// Parses a hot diagram or an expectation: `"-a-^-b-|"`.
  public init(hot text: String) throws(MarbleSyntaxError) {
    try self.init(parsing: text, as: .hot)
  }

  /// Parses a subscription diagram: `"--^---!"`.
  public init(subscription text: String) throws(MarbleSyntaxError) {
    try self.init(parsing: text, as: .subscription)
  }

  /// The events with their times shifted by `offset`.
  public func events(shiftedBy offset: Time) -> [(time: Time, event: MarbleEvent)] {
    events.map { (time: $0.time + offset, event: $0.event) }
  }
}

extension MarbleDiagram: Equatable {
  public static func == (lhs: MarbleDiagram, rhs: MarbleDiagram) -> Bool {
    lhs.subscription == rhs.subscription && lhs.unsubscription == rhs.unsubscription
      && lhs.events.elementsEqual(rhs.events) { $0.time == $1.time && $0.event == $1.event }
  }
}
