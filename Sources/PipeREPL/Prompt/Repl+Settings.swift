import Foundation
import PipeDSL

/// The settings a person saved, made visible: the start-up line names every one that differs
/// from its default, a saved value pipe cannot use is ignored with a note (never a failed
/// start), and `:reset` puts settings back to their defaults, in the file too.
extension Repl {
  /// Takes the saved settings into `settings`; returns the lines to show under the banner:
  /// `settings: weather.faults="500,ok", weather.mode=live · :settings, :reset`, and a note
  /// for each value ignored.
  /// In a room (`pipe join`), the line after them says so, and the room's service is used.
  static func restoreSettings(from store: SettingsStore?, into settings: Settings) -> [String] {
    guard let store else { return [] }
    let (saved, fileNote) = store.load()
    var notes = fileNote.map { ["note: \($0)"] } ?? []
    if let room = RoomMembership.load(from: store) { notes.append(room.startupLine) }
    for key in saved.keys.sorted() where !RoomMembership.isRoomKey(key) {
      guard let problem = settings.restore(key, saved[key]!) else { continue }
      notes.append(ignoredNote(key, problem, default: settings[key]))
    }
    let set = settings.explicitValues.keys.sorted()
    RoomMembership.load(from: store)?.apply(to: settings)  // after the line: it shows what the person set
    guard !set.isEmpty else { return notes }
    let shown = set.map { "\($0)=\(shownValue($0, in: settings))" }.joined(separator: ", ")
    return ["settings: \(shown) · :settings, :reset"] + notes
  }

  /// `note: ignored the saved horizon: 'horizon' takes ..., not 1e10; using 3600.0 (:reset horizon forgets it)`.
  static func ignoredNote(_ key: String, _ problem: String, default value: Value) -> String {
    "note: ignored the saved \(key): \(problem); using \(value.literal) (:reset \(key) forgets it)"
  }

  /// A value as typed after `set`: a plain word bare (`live`), other values as literals,
  /// secrets as `••••`.
  static func shownValue(_ key: String, in settings: Settings) -> String {
    let shown = settings.display(key)
    guard case .string(let text) = settings[key], shown != Redactor.mask,
      let first = text.unicodeScalars.first, first.properties.isAlphabetic,
      text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }),
      !["true", "false", "null"].contains(text)
    else { return shown }
    return text
  }

  /// Saves what a statement changed (`set`, `:reset`), merged into the file.
  func saveSettings(changedFrom before: [String: Value], to after: [String: Value]) {
    var changes: [String: Value?] = [:]
    for key in Set(before.keys).union(after.keys)
    where before[key] != after[key] && permissions.maySave(key, after[key]) {
      changes.updateValue(after[key], forKey: key)
    }
    if let problem = settingsStore?.update(changes) {
      output.errorLine("note: the setting was not saved: \(problem)")
    }
  }

  /// `:reset NAME` puts one setting back to its default, `:reset` every one; in this session
  /// and in the settings file.
  func resetSettings(_ command: Command) throws(CommandError) -> CommandReply {
    guard command.words.count <= 1 else { throw .problem("write :reset or :reset NAME") }
    loadPluginNames()  // a plugin's setting is known once its plugin said hello
    let session = host.current  // the settings are the loop's: read them there
    let saved = settingsStore?.load().values ?? [:]
    let keys: [String]
    if let name = command.words.first?.text {
      guard host.loop.sync({ session.settings.isKnown(name) }) || saved[name] != nil else {
        let known = host.loop.sync { session.settings.keys }
        let hint = Suggestions.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw .problem("unknown setting '\(name)'\(hint); :settings lists them")
      }
      keys = [name]
    } else {
      // The room is left with `pipe leave`, not reset.
      keys = Array(Set(saved.keys).union(host.loop.sync { session.settings.explicitValues.keys }))
        .filter { !RoomMembership.isRoomKey($0) }.sorted()
    }
    host.loop.sync { for key in keys { session.settings.reset(key) } }
    var changes: [String: Value?] = [:]
    for key in keys { changes.updateValue(nil, forKey: key) }
    var reply = CommandReply()
    if let problem = settingsStore?.update(changes) {
      reply.lines.append(.errorNote("note: not saved: \(problem)"))
    }
    let shown = host.loop.sync { keys.map { "\($0)=\(session.settings.display($0))" } }
    reply.lines.append(
      .note(
        keys.isEmpty
          ? "every setting has its default" : "reset to the default: " + shown.joined(separator: ", ")))
    return reply
  }
}
