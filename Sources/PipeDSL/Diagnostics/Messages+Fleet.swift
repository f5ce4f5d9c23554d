/// The messages of `clients`.
extension Diagnostic {
  /// `clients 1000 (clients 1000 (...))`: refused before anything runs.
  static func nestedClients(at span: Span, count: Int) -> Diagnostic {
    Diagnostic(
      id: .nestedClients,
      message: "'clients' cannot stand inside another 'clients': each outer copy would run "
        + "\(count) copies of its own",
      span: span, help: "write one 'clients' with the count you mean: clients N (PIPELINE)")
  }
}
