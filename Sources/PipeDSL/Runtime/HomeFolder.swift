import Foundation

/// `~` in a path a person types, as their shell reads it: the folder `HOME` names (Foundation's
/// `expandingTildeInPath` on Linux reads the password database instead, so a session with
/// another `HOME` wrote and read somewhere else).
///
///     HomeFolder.expand("~/d.svg")   // "/home/ada/d.svg" when HOME=/home/ada
public enum HomeFolder {
  public static func expand(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> String
  {
    guard path == "~" || path.hasPrefix("~/") else {
      // `~name/...` is another person's home: only the password database knows it.
      return path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + path.dropFirst()
  }
}
