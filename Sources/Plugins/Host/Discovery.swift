import Foundation

/// Finds plugin executables: files named `pipe-plugin-NAME` (or `pipe-plugin-NAME.EXT`, such as
/// `pipe-plugin-dice.py`) that are executable, in a list of directories.
enum Discovery {
  static let prefix = "pipe-plugin-"

  /// Plugins the build makes for pipe's own tests. They are not offered from pipe's own
  /// directory, where the build puts them (a user would meet sources named `crash` and `hang`);
  /// on `PIPE_PLUGIN_PATH` or loaded by path they are plugins like any other.
  static let testOnly: Set<String> = ["testbed"]

  /// What the default search leaves out: the test-only plugins in the executable's directory
  /// and in the directories of `PATH` (where a build folder may be).
  static func defaultHidden(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> (directories: Set<String>, names: Set<String>)
  {
    let own = runningExecutable().map { [($0 as NSString).deletingLastPathComponent] } ?? []
    return (Set((own + pathDirectories(environment)).map(absolute)), testOnly)
  }

  /// The default directories, highest precedence first, each once: `PIPE_PLUGIN_PATH`
  /// (colon-separated), `$XDG_DATA_HOME/pipe/plugins` (`~/.local/share/pipe/plugins`),
  /// `~/.pipe/plugins`, the directory of the running executable (the build's products) and
  /// `../libexec/pipe` beside it (where `make install` puts the plugins), then `PATH`.
  static func defaultDirectories(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: String? = runningExecutable()
  ) -> [String] {
    func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    var directories = (environment["PIPE_PLUGIN_PATH"] ?? "").split(separator: ":").map(String.init)
    let home = nonEmpty("HOME") ?? NSHomeDirectory()
    // The XDG base directory spec: a relative XDG_DATA_HOME is to be ignored.
    let data = nonEmpty("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
    directories.append(data + "/pipe/plugins")
    directories.append(home + "/.pipe/plugins")
    if let executable {
      let folder = (executable as NSString).deletingLastPathComponent
      directories += [folder, (folder as NSString).appendingPathComponent("../libexec/pipe")]
    }
    directories += pathDirectories(environment)
    var seen = Set<String>()
    return directories.map(absolute).filter { seen.insert($0).inserted }
  }

  /// The directories of `PATH`, where `pipe-plugin-*` executables are found last.
  static func pathDirectories(_ environment: [String: String]) -> [String] {
    (environment["PATH"] ?? "").split(separator: ":").map(String.init)
  }

  /// `path` made absolute (against the working directory) and standardized: `a/../b` is `b`.
  static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return (full as NSString).standardizingPath
  }

  /// A plugin file found, and the files of the same name it hides (found later in the search).
  struct Found: Equatable {
    var name: String
    var path: String
    var hides: [String] = []
  }

  /// Plugins by name; a name found in an earlier directory hides the same name in a later one
  /// (and a file of the same name with another extension, later in the same directory).
  static func scan(
    _ directories: [String], hiding hidden: (directories: Set<String>, names: Set<String>)? = nil
  ) -> [Found] {
    var found: [Found] = []
    for directory in directories {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      let hiddenNames = hidden?.directories.contains(absolute(directory)) == true ? hidden?.names ?? [] : []
      for file in files.sorted() {
        guard let name = pluginName(file), !hiddenNames.contains(name) else { continue }
        let path = (directory as NSString).appendingPathComponent(file)
        guard isExecutableFile(path) else { continue }
        if let index = found.firstIndex(where: { $0.name == name }) {
          if found[index].path != path, !found[index].hides.contains(path) { found[index].hides.append(path) }
        } else {
          found.append(Found(name: name, path: path))
        }
      }
    }
    return found
  }

  /// `pipe-plugin-dice.py` → `dice`; nil for a file that is not named as a plugin.
  static func pluginName(_ file: String) -> String? {
    guard file.hasPrefix(prefix) else { return nil }
    let name = String(file.dropFirst(prefix.count).prefix { $0 != "." })
    return name.isEmpty ? nil : name
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
      && FileManager.default.isExecutableFile(atPath: path)
  }

  private static func runningExecutable() -> String? {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return path
      }
    #endif
    return Bundle.main.executablePath
  }
}
