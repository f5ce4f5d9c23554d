/// One subscription the host asked for, as PluginKit hands it to `subscribe`: `args` has every
/// declared parameter (missing ones with their default) with its declared type, and `settings`
/// has every declared setting that has a value or a default, with its declared type.
///
/// ```swift
/// request["city"].stringValue            // "Oslo": an argument (`.null` if absent)
/// request.setting("weather.apiKey")       // a setting of the plugin's namespace
/// request.setting("network")              // a global setting
/// request.attempt                         // 1, then 2 on the first retry, ...
/// ```
public typealias Request = Subscribe

extension Subscribe {
  /// The argument `name`, or `.null` if there is none.
  public subscript(_ name: String) -> JSONValue {
    args[name] ?? .null
  }

  /// The setting `key` (a full key: `weather.apiKey`, `network`), or `.null` if it is not set.
  public func setting(_ key: String) -> JSONValue {
    settings[key] ?? .null
  }
}

/// An error a source raises: thrown from `subscribe`, it becomes the subscription's `error`.
///
/// ```swift
/// throw PluginError("cityNotFound", "no city named 'xyzzy'", status: 404, afterMs: 80)
/// ```
public struct PluginError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A camelCase word, one of the plugin's declared `errors`.
  public var kind: String
  public var message: String
  /// The HTTP status behind the error, where there is one.
  public var status: Int?
  /// A simulated latency before the error, in milliseconds.
  public var afterMs: Int?
  /// How long the service asked to be left alone, in milliseconds (an HTTP `Retry-After`):
  /// sent from protocol 2 on, left out before.
  public var retryAfterMs: Int?

  public init(
    _ kind: String, _ message: String, status: Int? = nil, afterMs: Int? = nil, retryAfterMs: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.status = status
    self.afterMs = afterMs
    self.retryAfterMs = retryAfterMs
  }

  public var description: String { "\(kind): \(message)" }
}

/// The error kinds PluginKit itself answers with.
public enum KitErrorKind {
  /// The host asked for a source the plugin does not declare.
  public static let unknownSource = "unknownSource"
  /// An argument is missing (and has no default) or has the wrong type.
  public static let badArgument = "badArgument"
  /// A declared setting has the wrong type, or a value outside its allowed values or range:
  /// the kind the built-in plugins raise for every setting they cannot use.
  public static let invalidSetting = "invalidSetting"
  /// `subscribe` threw something other than a `PluginError`.
  public static let pluginError = "pluginError"
}
