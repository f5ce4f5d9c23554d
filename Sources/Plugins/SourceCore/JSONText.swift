import Foundation
import JSON

/// Compact JSON written member by member, byte for byte as `JSONEncoder` writes it with
/// `[.sortedKeys, .withoutEscapingSlashes]`: for the simulators' answers, which `pipe fake-api`
/// sends on every request and `JSONEncoder` made the costliest part of a request. Members come
/// out in the order they are written: write them sorted, and leave out what the encoder leaves
/// out (`nil` optionals).
///
///     var json = JSONText()
///     json.object {
///       $0.array("coordinates") { $0.element(-0.13); $0.element(51.5) }
///       $0.member("name", "London")
///     }
///     json.data  // {"coordinates":[-0.13,51.5],"name":"London"}
public struct JSONText {
  public private(set) var bytes: [UInt8] = []
  /// No member or element written yet in the innermost object or array.
  private var atStart = true

  public init() {
    bytes.reserveCapacity(512)
  }

  public var data: Data { Data(bytes) }

  /// `{…}`, its members written by `members`: the whole text, or the next element of an array.
  public mutating func object(_ members: (inout JSONText) -> Void) {
    separate()
    enclose("{", "}", members)
  }

  /// `"key":{…}`, the object's members written by `members`.
  public mutating func object(_ key: String, _ members: (inout JSONText) -> Void) {
    self.key(key)
    enclose("{", "}", members)
  }

  /// `"key":[…]`, the array's elements written by `elements`.
  public mutating func array(_ key: String, _ elements: (inout JSONText) -> Void) {
    self.key(key)
    enclose("[", "]", elements)
  }

  public mutating func member(_ key: String, _ value: String) {
    self.key(key)
    string(value)
  }

  public mutating func member(_ key: String, _ value: Int) {
    self.key(key)
    bytes.append(contentsOf: String(value).utf8)
  }

  public mutating func member(_ key: String, _ value: Double) {
    self.key(key)
    number(value)
  }

  /// The next element of an array: a number.
  public mutating func element(_ value: Double) {
    separate()
    number(value)
  }

  private mutating func enclose(
    _ open: Unicode.Scalar, _ close: Unicode.Scalar, _ content: (inout JSONText) -> Void
  ) {
    bytes.append(UInt8(ascii: open))
    atStart = true
    content(&self)
    bytes.append(UInt8(ascii: close))
    atStart = false
  }

  private mutating func key(_ key: String) {
    separate()
    string(key)
    bytes.append(UInt8(ascii: ":"))
  }

  private mutating func separate() {
    if !atStart { bytes.append(UInt8(ascii: ",")) }
    atStart = false
  }

  /// As `JSONEncoder`: the shortest text that reads back as the same double, without a `.0`
  /// when it is whole (`12`, `-0.13`, `1e-05`).
  private mutating func number(_ value: Double) {
    let text = value.description
    bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
  }

  /// As `JSONEncoder`: quotes, backslashes and control characters escaped, `/` and everything
  /// beyond ASCII as it is.
  private mutating func string(_ value: String) {
    JSONValue.writeString(value, to: &bytes)
  }
}
