/// The environment a plugin starts with: pipe's own, without the variables that look like
/// secrets (a name with a word ending in `KEY`, or containing `TOKEN`, `SECRET`, `PASSWORD`,
/// `PASSWD` or `CREDENTIAL`: `PIPE_WEATHER_APIKEY`, `GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`),
/// except the plugin's own: `PIPE_<NAME>_<WORD>` for the plugin `name` (`PIPE_WEATHER_APIKEY`
/// reaches `weather` only; `weather_x` gets `PIPE_WEATHER_X_KEY`, which `weather` does not).
/// A plugin started by path (`:plugin load`, `plugin` nil) gets none: a text may have chosen
/// it, and named its file after another plugin (docs/PERMISSIONS.md).
///
/// A plugin has no need of them: pipe sends its own secret settings in each subscribe (taken
/// from these variables when they are not set), and no other plugin's.
///
///     pluginEnvironment(["PATH": "/bin", "PIPE_WEATHER_APIKEY": "k", "GH_TOKEN": "t"], for: "dice")
///     // ["PATH": "/bin"]
func pluginEnvironment(_ environment: [String: String], for plugin: String?) -> [String: String] {
  return environment.filter { name, _ in
    guard looksSecret(name) else { return true }
    guard let plugin else { return false }
    let own = "PIPE_" + plugin.uppercased() + "_"
    return name.hasPrefix(own) && !name.dropFirst(own.count).contains("_")
  }
}

/// Whether an environment variable's name says it holds a secret.
func looksSecret(_ name: String) -> Bool {
  let upper = name.uppercased()
  let words = upper.split(separator: "_")
  if words.contains(where: { $0.hasSuffix("KEY") }) { return true }
  return ["TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL"].contains { upper.contains($0) }
}
