import Foundation
import JSON

/// Reads a service's JSON body into its wire type; when it does not fit, the `badResponse` says
/// where and how, and "not valid JSON" is kept for a body that is not JSON at all.
///
///     WireDecoding.decode(Current.self, from: #"{"main": {}}"#)
///     // badResponse: field 'main.temp' missing
///     WireDecoding.decode(Current.self, from: #"{"main": {"temp": "12"}}"#)
///     // badResponse: 'main.temp' is a string, expected a number
public enum WireDecoding {
  public static func decode<T: Decodable>(_ type: T.Type, from body: Data) -> Result<T, SourceError> {
    do {
      return .success(try JSONDecoder().decode(type, from: body))
    } catch let error as DecodingError {
      return .failure(problem(error, in: body))
    } catch {
      return .failure(.garbage)
    }
  }

  /// The error for a body that is JSON but not the shape promised, or `garbage` for one that is
  /// not JSON.
  static func problem(_ error: DecodingError, in body: Data) -> SourceError {
    guard let document = try? JSONValue.parse(body) else { return .garbage }
    switch error {
    case .keyNotFound(let key, let context):
      return .wrongField("field '\(path(context.codingPath + [key]))' missing")
    case .valueNotFound(let type, let context), .typeMismatch(let type, let context):
      let found = value(at: context.codingPath, in: document).map(describe) ?? "missing"
      return .wrongField("'\(path(context.codingPath))' is \(found), expected \(expected(type))")
    case .dataCorrupted(let context):
      // Foundation says this of a number that does not fit its field, without the field.
      guard !context.codingPath.isEmpty else {
        return .wrongField(
          "a number does not fit its field (a fraction where a whole number belongs, or one too large)")
      }
      let found = value(at: context.codingPath, in: document).map(describe) ?? "missing"
      return .wrongField("'\(path(context.codingPath))' is \(found), which does not fit")
    @unknown default:
      return .garbage
    }
  }

  /// `main.temp`, `weather[0].description`.
  static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue, key.stringValue.hasPrefix("Index") {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  private static func value(at keys: [any CodingKey], in document: JSONValue) -> JSONValue? {
    var current = document
    for key in keys {
      if let index = key.intValue, key.stringValue.hasPrefix("Index") {
        guard let items = current.arrayValue, items.indices.contains(index) else { return nil }
        current = items[index]
      } else {
        guard let member = current[key.stringValue] else { return nil }
        current = member
      }
    }
    return current
  }

  /// How a message names a JSON value found: `a string`, `a number`, `null`.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "true or false"
    case .int, .double: "a number"
    case .string: "a string"
    case .array(let items): items.isEmpty ? "an empty list" : "a list"
    case .object: "an object"
    }
  }

  /// How a message names the Swift type a field was read as: `a number`, `a whole number`.
  static func expected(_ type: Any.Type) -> String {
    switch String(describing: type) {
    case "Double", "Float": "a number"
    case "Int", "Int64", "Int32": "a whole number"
    case "String": "a string"
    case "Bool": "true or false"
    case let name where name.hasPrefix("Array"): "a list"
    case let name where name.hasPrefix("Dictionary"): "an object"
    case let name: name
    }
  }
}

extension SourceError {
  /// A `badResponse` for JSON of the wrong shape, whose message names the field.
  static func wrongField(_ message: String) -> SourceError {
    SourceError(.badResponse, message)
  }
}
