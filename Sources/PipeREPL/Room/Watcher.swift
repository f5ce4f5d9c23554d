import Foundation
import TerminalText

/// `pipe check --watch PATHS`: grades the scripts once, then each one again as soon as it is
/// saved, until Ctrl-C (exit status 130).
///
/// Changes come from inotify on the folders that hold the scripts (editors save by writing
/// a new file and renaming it over the old one, which a watch on the file itself would lose);
/// where inotify is not available (or `PIPE_WATCH_POLL=1` asks), the scripts' modification
/// times are polled, and pipe says so once. A burst of events (an editor's write, rename, chmod) is one change: the grading
/// starts after 40 ms of quiet, well within 300 ms of the save.
final class Watcher {
  let paths: [String]
  let options: RunChoices
  let room: RoomReporter?
  private let streams: OutputStreams
  /// Grades one file: in a `GradingChild`, as `pipe check` does, so that a hand-in that
  /// crashes, loops or takes all the memory fails that file and the watch goes on.
  private let gradeFile: (String) -> GradedScript
  /// The last result of every script, by path.
  private var results: [String: GradedScript] = [:]

  /// How long the events of one save may keep coming before the scripts are graded.
  static let quiet = 40
  /// How often modification times are polled without inotify, in milliseconds.
  static let pollInterval = 100

  init(paths: [String], options: RunChoices, room: RoomReporter?, grade: @escaping (String) -> GradedScript) {
    self.paths = paths
    self.options = options
    self.room = room
    streams = OutputStreams(options: options)
    gradeFile = grade
  }

  func run() -> Int32 {
    GradingChild.stopOnSignals()
    let files = Grader.scripts(in: paths)
    guard !files.isEmpty else {
      Descriptor.write("error: no .pipe scripts in \(paths.joined(separator: " "))\n", to: STDERR_FILENO)
      return 2
    }
    var changes = ChangeFeed(paths: paths)
    if changes.polling {
      Descriptor.write(
        "note: watching by polling every \(Self.pollInterval) ms (inotify is not available, or PIPE_WATCH_POLL=1)\n",
        to: STDERR_FILENO)
    }
    grade(files, heading: nil)
    while true {
      let changed = changes.next()
      let current = Grader.scripts(in: paths)
      results = results.filter { current.contains($0.key) }
      let again = current.filter { changed.contains($0) }
      guard !again.isEmpty else { continue }
      grade(again, heading: again.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))
    }
  }

  /// Grades `files`, reports each to the room, and shows their results under a cleared
  /// screen (a separator line when standard output is not a terminal), then the summary of
  /// every script watched.
  private func grade(_ files: [String], heading: String?) {
    var text = ""
    room?.tryAgain()  // a room that was down may be back: at most one note per save
    if let heading {
      text +=
        streams.output.isTerminal
        ? "\u{1B}[H\u{1B}[2J" : "\n──── \(heading) changed ────\n"
    }
    for path in files {
      let script = gradeFile(path)
      results[path] = script
      text += script.text.neutralisingControls()  // a hand-in's names and values, as pipe check prints them
      room?.reportCheck(script, diagram: script.failingDiagram)
    }
    let all = Grader.scripts(in: paths).compactMap { results[$0] }
    text += "\(GradedScript.summary(all).neutralisingControls())\n"
    text += streams.output.paint(
      "watching \(all.count) file\(all.count == 1 ? "" : "s") · Ctrl-C leaves", .dim)
    print(text)
    fflush(nil)
  }
}

/// The scripts that were saved, one burst at a time: from inotify, or by polling.
struct ChangeFeed {
  let paths: [String]
  private var inotify: Int32 = -1
  /// The watched folders by watch descriptor, as the paths name them ("" for the current one).
  private var folders: [Int32: String] = [:]
  /// Without inotify: each script's modification time and size when last looked at.
  private var stamps: [String: [Int]] = [:]

  var polling: Bool { inotify < 0 }

  /// Watches `paths`; by polling when `poll` (`PIPE_WATCH_POLL=1`: a network file system
  /// whose changes made elsewhere inotify does not see) or when inotify cannot start.
  init(paths: [String], poll: Bool = ProcessInfo.processInfo.environment["PIPE_WATCH_POLL"] == "1") {
    self.paths = paths
    inotify = poll ? -1 : inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard inotify >= 0 else {
      stamps = Self.stamps(paths)
      return
    }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE)
    for folder in Self.folders(paths) {
      let descriptor = inotify_add_watch(inotify, folder.isEmpty ? "." : folder, mask)
      if descriptor >= 0 { folders[descriptor] = folder }
    }
  }

  /// Waits for the next burst of saves; the paths of the scripts saved (as `Grader.scripts`
  /// names them).
  mutating func next() -> Set<String> {
    guard !polling else { return nextPolled() }
    var changed = Set<String>()
    var timeout: Int32 = -1  // wait for the first event as long as it takes
    while true {
      var poller = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, timeout)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return changed }  // quiet: the burst is over
      changed.formUnion(readEvents())
      timeout = changed.isEmpty ? -1 : Int32(Watcher.quiet)
    }
  }

  private mutating func readEvents() -> Set<String> {
    var changed = Set<String>()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
    guard count > 0 else { return changed }
    let header = MemoryLayout<inotify_event>.size
    var offset = 0
    while offset + header <= count {
      let (descriptor, length) = buffer.withUnsafeBytes { raw in
        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        return (event.wd, Int(event.len))
      }
      let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
      let name = String(decoding: nameBytes, as: UTF8.self)
      offset += header + length
      guard let folder = folders[descriptor], name.hasSuffix(".pipe") else { continue }
      changed.insert(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
    }
    return changed
  }

  private mutating func nextPolled() -> Set<String> {
    while true {
      usleep(useconds_t(Watcher.pollInterval * 1000))
      let now = Self.stamps(paths)
      let changed = Set(now.keys.filter { now[$0] != stamps[$0] })
      stamps = now
      if !changed.isEmpty { return changed }
    }
  }

  /// The folders to watch: each folder named and the folders under it, and the folder of
  /// each file named.
  static func folders(_ paths: [String]) -> [String] {
    var result: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      guard isDirectory.boolValue else {
        result.append((path as NSString).deletingLastPathComponent)
        continue
      }
      result.append(path)
      let below = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []
      for entry in below.sorted() {
        let full = (path as NSString).appendingPathComponent(entry)
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
          result.append(full)
        }
      }
    }
    return result
  }

  /// Each script's modification time (ns) and size.
  static func stamps(_ paths: [String]) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for path in Grader.scripts(in: paths) {
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      result[path] = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size)]
    }
    return result
  }
}
