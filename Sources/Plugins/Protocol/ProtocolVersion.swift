import Foundation

/// The versions of the protocol this build speaks, oldest first (docs/PLUGINS.md, "Versions"):
/// 1, the first; 2 adds the host's hello, `retry_after_ms` on an error, and `allowed`,
/// `minimum` and `maximum` on a setting. A later version only adds: a field, a message, a
/// capability; every version reads its own fields strictly, so a typo is caught in each.
public let pluginProtocolVersions: ClosedRange<Int> = 1...2

/// The newest version this build speaks.
public let pluginProtocolVersion = pluginProtocolVersions.upperBound

/// The environment variable in which the host tells a plugin, before the plugin says hello, the
/// versions it speaks: `1,2`. A plugin that does not read it speaks version 1, which every host
/// speaks; a host that does not set it speaks version 1 only.
public let pluginProtocolsVariable = "PIPE_PLUGIN_PROTOCOLS"

/// The version a plugin should say in its hello: the newest it speaks (`speaks`) among those
/// the host offers in `PIPE_PLUGIN_PROTOCOLS` (`offered`, its value; absent or unreadable
/// offers version 1 only). Nil when they have none in common.
///
///     negotiatedProtocolVersion(offered: "1,2")            // 2
///     negotiatedProtocolVersion(offered: nil)              // 1
///     negotiatedProtocolVersion(offered: "1,2", speaks: 1...1)  // 1
public func negotiatedProtocolVersion(
  offered: String?, speaks: ClosedRange<Int> = pluginProtocolVersions
) -> Int? {
  let versions =
    offered?.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
  return (versions.isEmpty ? [1] : versions).filter(speaks.contains).max()
}

/// `1 and 2`, `1, 2 and 3`: the versions as a sentence says them.
func spoken(_ versions: ClosedRange<Int>) -> String {
  let names = versions.map(String.init)
  return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
}

extension FieldReader {
  /// Refuses `key` if the message has it while it is read as an older version than the one
  /// that brought it in: a plugin of protocol 1 cannot use a field of protocol 2 (and a typo is
  /// not taken for one).
  func introduced(_ key: String, in version: Int) throws(ProtocolError) {
    guard has(key), self.version < version else { return }
    throw error(
      "field '\(key)' is new in protocol \(version); this plugin said protocol \(self.version) in its hello")
  }
}
