import Operators

extension Runtime {
  /// The session's bulkhead called `name`, made with `limit` and `queue` by the first stage
  /// that names it; every later stage of that name, in any pipeline, shares it as it is.
  func bulkhead(named name: String, limit: Int, queue: Int) -> Bulkhead {
    let key = "bulkhead " + name
    if let existing = shared[key] as? Bulkhead { return existing }
    let made = Bulkhead(limit: limit, queue: queue)
    shared[key] = made
    return made
  }
}
