import Operators

extension FleetServices {
  /// The load the run put on its services, second by second from its start, as the summary's
  /// `load` field, which `plot` draws: `firstTries` and `retries` (lists, one number per
  /// second, summed over the services), and the limits it met: `outage` (when the outage
  /// ended, ms) and `capacity` (attempts a second), each only when the run was given one.
  ///
  ///     {firstTries: [1000, 0, 0], retries: [0, 1000, 1000], outage: 10000, capacity: 500}
  var load: Value {
    let (firstTries, retries) = perSecond
    var fields: [(String, Value)] = [
      ("firstTries", .list(firstTries.map(Value.int))), ("retries", .list(retries.map(Value.int))),
    ]
    if limits.outageEnd > .zero {
      fields.append(("outage", .int(Int(limits.outageEnd.nanoseconds / 1_000_000))))
    }
    if let capacity = limits.capacity { fields.append(("capacity", .int(capacity))) }
    return .record(Record(fields))
  }
}
