import Foundation

/// Finds plugin executables: files named `pipe-plugin-NAME` (or `pipe-plugin-NAME.EXT`, such as
/// `pipe-plugin-dice.py`) that are executable, in a list of directories.
enum Discovery {
  static let prefix = "pipe-plugin-"

  /// Plugins the build makes for pipe's own tests. They are not offered from pipe's own
  /// directory, where the build puts them (a user would meet sources named `crash` and `hang`);
  /// on `PIPE_PLUGIN_PATH` or loaded by path they are plugins like any other.
  static let testOnly: Set<String> = ["testbed"]

  /// What the default search leaves out: the test-only plugins in the executable's directory.
  static func defaultHidden() -> (directory: String, names: Set<String>)? {
    runningExecutable().map { (($0 as NSString).deletingLastPathComponent, testOnly) }
  }

  /// The default directories, highest precedence first: `PIPE_PLUGIN_PATH` (colon-separated),
  /// `~/.pipe/plugins`, then the directory of the running executable (the build's products).
  static func defaultDirectories(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> [String]
  {
    var directories = (environment["PIPE_PLUGIN_PATH"] ?? "").split(separator: ":").map(String.init)
    let home = environment["HOME"] ?? NSHomeDirectory()
    directories.append((home as NSString).appendingPathComponent(".pipe/plugins"))
    if let executable = runningExecutable() {
      directories.append((executable as NSString).deletingLastPathComponent)
    }
    return directories
  }

  /// A plugin file found, and the files of the same name it hides (found later in the search).
  struct Found: Equatable {
    var name: String
    var path: String
    var hides: [String] = []
  }

  /// Plugins by name; a name found in an earlier directory hides the same name in a later one
  /// (and a file of the same name with another extension, later in the same directory).
  static func scan(_ directories: [String], hiding hidden: (directory: String, names: Set<String>)? = nil)
    -> [Found]
  {
    var found: [Found] = []
    for directory in directories {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      let hiddenNames = directory == hidden?.directory ? hidden?.names ?? [] : []
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
