/// Turns a `subscribe` into a `Request`: finds the source, fills in default arguments and
/// settings, and checks every declared type (and a setting's allowed values and range), so
/// that a plugin can trust what it reads.
struct RequestPreparer {
  let plugin: any Plugin

  func prepare(_ subscribe: Subscribe) throws(PluginError) -> Request {
    guard let source = plugin.sources.first(where: { $0.name == subscribe.source }) else {
      let known = plugin.sources.map(\.name).joined(separator: ", ")
      throw PluginError(
        KitErrorKind.unknownSource, "\(plugin.name) has no source '\(subscribe.source)' (it has \(known))")
    }
    var request = subscribe
    request.args = try arguments(subscribe.args, of: source)
    request.settings = try settings(subscribe.settings)
    return request
  }

  private func arguments(_ given: JSONObject, of source: SourceSpec) throws(PluginError) -> JSONObject {
    for key in given.keys where !source.params.contains(where: { $0.name == key }) {
      let known = source.params.map(\.name).joined(separator: ", ")
      throw PluginError(
        KitErrorKind.badArgument, "\(source.name) has no parameter '\(key)' (it has \(known))")
    }
    var args = JSONObject()
    for param in source.params {
      guard let value = given[param.name] ?? param.defaultValue else {
        throw PluginError(KitErrorKind.badArgument, "\(source.name): missing argument '\(param.name)'")
      }
      guard param.type.accepts(value) else {
        throw PluginError(
          KitErrorKind.badArgument,
          "\(source.name): argument '\(param.name)' must be \(param.type.rawValue), got \(value.encodedString())"
        )
      }
      args[param.name] = value
    }
    return args
  }

  private func settings(_ given: JSONObject) throws(PluginError) -> JSONObject {
    var settings = given
    for setting in plugin.settings {
      guard let value = given[setting.key] else {
        settings[setting.key] = setting.defaultValue
        continue
      }
      if let problem = setting.problem(with: value) {
        throw PluginError(KitErrorKind.invalidSetting, "setting '\(setting.key)' \(problem)")
      }
    }
    return settings
  }
}
