import Operators

/// The settings `set` writes and pipelines read; each key is observable.
///
/// Keys live in namespaces: global ones (`network`, `seed`, `clock`, `horizon`) and one per
/// plugin (`weather.apiKey`). A key ending in `key`, `token` or `secret` is a secret: it is
/// shown as `••••` everywhere and never written to history in clear.
///
///     settings.set("weather.apiKey", "0123abcd")
///     settings.display("weather.apiKey")  // ••••
public final class Settings {
  /// What a setting is: its key, default, a one-line doc and the values it takes.
  public struct Definition: Sendable {
    public var key: String
    public var defaultValue: Value
    public var doc: String
    /// The type of its values; by default the type of the default value.
    public var type: SettingType
    /// The only values it takes, when it lists them.
    public var allowed: [Value]?
    /// The numbers it takes (inclusive), for an `int` or `number` setting.
    public var range: ClosedRange<Double>?
    /// Whether its value is shown as `••••`: as declared (a plugin's hello says so), or by
    /// the name rule of `Settings.isSecret`.
    public var secret: Bool

    public init(
      key: String, defaultValue: Value, doc: String, type: SettingType? = nil, allowed: [Value]? = nil,
      range: ClosedRange<Double>? = nil, secret: Bool? = nil
    ) {
      self.secret = secret ?? Settings.isSecret(key)
      self.key = key
      self.defaultValue = defaultValue
      self.doc = doc
      self.type = type ?? SettingType(of: defaultValue)
      self.allowed = allowed
      self.range = range
    }
  }

  /// The global settings every pipeline knows.
  public static let globals: [Definition] = [
    Definition(
      key: "network", defaultValue: "on", doc: "whether sources can reach the network (on|off)",
      allowed: ["on", "off"]),
    Definition(key: "seed", defaultValue: 42, doc: "the seed of every random choice"),
    Definition(
      key: "retryAfter", defaultValue: "on",
      doc: "whether retryWhen's delay strategies wait at least an error's retryAfter (on|off)",
      allowed: ["on", "off"]),
    Definition(
      key: "horizon", defaultValue: 3600.0,
      doc: "seconds of virtual time a statement may run before it is stopped",
      range: Limits.horizonSeconds),
  ]

  public private(set) var definitions: [String: Definition] = [:]
  private var values: [String: Value] = [:]
  private var watchers: [Int: (String, Value) -> Void] = [:]
  private var nextWatcher = 0
  /// Told of every change: a value set, a setting declared.
  private var observers: [(Settings) -> Void] = []
  /// The process's environment, where a secret may come from (`PIPE_WEATHER_APIKEY`).
  private let environment: [String: String]

  public init(definitions: [Definition] = Settings.globals, environment: [String: String] = [:]) {
    self.environment = environment
    for definition in definitions { define(definition) }
  }

  /// Told of every value dropped because its setting, once declared, does not take it (a
  /// value from the settings file for a plugin's setting): the key, the value, and why.
  public var onIgnored: ((String, Value, String) -> Void)?

  /// Declares a setting (a plugin's, from its handshake). An existing value is kept if the
  /// setting takes it, and else dropped and reported to `onIgnored`.
  public func define(_ definition: Definition) {
    definitions[definition.key] = definition
    if let value = values[definition.key] {
      if let problem = definition.problem(with: value) {
        values.removeValue(forKey: definition.key)
        onIgnored?(definition.key, value, problem)
      } else if definition.isDefault(value) && fromEnvironment(definition.key) == nil {
        values.removeValue(forKey: definition.key)
      }
    }
    for observer in observers { observer(self) }
  }

  /// Calls `observer` after every change (the redactor learns the secrets' values so).
  public func observe(_ observer: @escaping (Settings) -> Void) {
    observers.append(observer)
  }

  /// Why `key` cannot take `value` (the message of a refused `set`), or nil when it can or
  /// when the key is not declared.
  public func problem(_ key: String, _ value: Value) -> String? {
    definitions[key]?.problem(with: value)
  }

  /// Whether `key` is a declared setting.
  public func isKnown(_ key: String) -> Bool { definitions[key] != nil }

  /// Every declared key, sorted.
  public var keys: [String] { definitions.keys.sorted() }

  /// The current value: the one set, else for a secret the environment's, else the default.
  public subscript(key: String) -> Value {
    values[key] ?? fromEnvironment(key) ?? definitions[key]?.defaultValue ?? .null
  }

  /// Writes a setting and tells every watcher of it. A value equal to the default is the
  /// default again: the setting no longer counts as set.
  public func set(_ key: String, _ value: Value) {
    keep(key, value)
    for observer in observers { observer(self) }
    for id in watchers.keys.sorted() { watchers[id]?(key, value) }
  }

  /// Takes a value without a check or a watcher, for one read from the settings file before
  /// anything runs; a declared setting that does not take it keeps its default, and the
  /// reason is returned.
  public func restore(_ key: String, _ value: Value) -> String? {
    if let problem = problem(key, value) { return problem }
    keep(key, value)
    for observer in observers { observer(self) }
    return nil
  }

  /// Stores `value`, or forgets the key when it is what the key reads unset: the default,
  /// and no secret from the environment (`Value` is nil-expressible: a plain `nil` here would
  /// store `null`).
  private func keep(_ key: String, _ value: Value) {
    if definitions[key]?.isDefault(value) == true && fromEnvironment(key) == nil {
      values.removeValue(forKey: key)
    } else {
      values[key] = value
    }
  }

  /// Puts a setting back to its default (`:reset NAME`) and tells its watchers.
  public func reset(_ key: String) {
    guard values.removeValue(forKey: key) != nil else { return }
    let value = self[key]
    for observer in observers { observer(self) }
    for id in watchers.keys.sorted() { watchers[id]?(key, value) }
  }

  /// Whether `key` is a secret: as declared, else by the name rule.
  public func isSecretKey(_ key: String) -> Bool { definitions[key]?.secret ?? Settings.isSecret(key) }

  /// The environment variable a secret setting may come from: `weather.apiKey` →
  /// `PIPE_WEATHER_APIKEY`.
  public static func environmentName(of key: String) -> String {
    "PIPE_" + key.uppercased().replacing(".", with: "_")
  }

  /// A secret's value from the environment, when it is not set.
  private func fromEnvironment(_ key: String) -> Value? {
    guard isSecretKey(key), let text = environment[Settings.environmentName(of: key)] else { return nil }
    return .string(text)
  }

  /// The current values of the secrets set or taken from the environment (not defaults).
  public var secretValues: [Value] {
    let keys = Set(values.keys).union(definitions.keys).filter(isSecretKey)
    return keys.compactMap { values[$0] ?? fromEnvironment($0) }.filter { $0 != .null }
  }

  /// Whether a value was set explicitly (rather than being the default).
  public func isSet(_ key: String) -> Bool { values[key] != nil }

  /// The explicitly set values, which differ from their defaults: what is saved, and what
  /// the prompt's first line names.
  public var explicitValues: [String: Value] { values }

  /// A stream of the values `key` takes from now on; a secret's read as `••••` (only its
  /// plugin gets the value).
  public func changes(of key: String) -> Observable<Value> {
    Observable.create { [weak self] observer in
      guard let self else { return Disposables.empty }
      let id = self.watch { [unowned self] changed, value in
        guard changed == key else { return }
        observer.onNext(self.asRead(key, value))
      }
      return Disposables.create { [weak self] in self?.watchers[id] = nil }
    }
  }

  /// `value` of `key` as the language reads it: a secret's as `••••`, unless it is empty
  /// (so a pipeline can tell that a key is missing without ever seeing it).
  public func asRead(_ key: String, _ value: Value) -> Value {
    isSecretKey(key) && !value.isEmptyValue ? .string(Redactor.mask) : value
  }

  /// Calls `handler` with the key and the value of every `set` and `:reset` from now on.
  public func observeValues(_ handler: @escaping (String, Value) -> Void) {
    watch(handler)
  }

  @discardableResult
  private func watch(_ handler: @escaping (String, Value) -> Void) -> Int {
    nextWatcher += 1
    watchers[nextWatcher] = handler
    return nextWatcher
  }

  /// Whether a key names a secret: it ends in `key`, `token` or `secret` (any case). This is
  /// the rule for text alone (history lines); a declared setting's own flag wins elsewhere.
  ///
  /// A switch about a key is not one: `weather.requireKey` (a name starting with `require`)
  /// is shown in clear.
  public static func isSecret(_ key: String) -> Bool {
    let last = key.split(separator: ".").last.map { $0.lowercased() } ?? ""
    guard !last.hasPrefix("require") else { return false }
    return last.hasSuffix("key") || last.hasSuffix("token") || last.hasSuffix("secret")
  }

  /// The value as shown to a person: secrets as `••••`.
  public func display(_ key: String) -> String {
    isSecretKey(key) ? Redactor.mask : self[key].literal
  }

  /// The settings a plugin may see: its own namespace and the global ones.
  public func visible(to plugin: String) -> [String: Value] {
    var result: [String: Value] = [:]
    for key in keys where !key.contains(".") || key.hasPrefix(plugin + ".") {
      result[key] = self[key]
    }
    return result
  }
}
