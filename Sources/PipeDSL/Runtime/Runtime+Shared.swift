import Operators

extension Runtime {
  /// The session's bulkhead called `name`, made with `limit` and `queue` by the first stage
  /// that names it; every later stage of that name, in any pipeline, shares it as it is.
  func bulkhead(named name: String, limit: Int, queue: Int) -> Bulkhead {
    shared("bulkhead " + name) { Bulkhead(limit: limit, queue: queue) }
  }

  /// The session's object under `key` (a kind and a name), made by `make` when first asked
  /// for: what stages of the same name share, in any pipeline of the session.
  func shared<Object: AnyObject>(_ key: String, make: () -> Object) -> Object {
    if let existing = shared[key] as? Object { return existing }
    let made = make()
    shared[key] = made
    return made
  }
}
