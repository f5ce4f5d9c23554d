import Foundation

/// Ends `pipe -e`, `pipe run` and a script on standard input with an error, rather than a
/// crash in malloc, when the process holds more than `--max-memory` of resident memory (4 GiB
/// unless said), or comes within 256 MiB of its `ulimit -v` (when it looks in time): a thread of its own looks at
/// /proc/self/statm every 20 ms.
enum MemoryWatch {
  static let standard = 4096 * CheckLimits.mebibyte
  /// What is left free under `ulimit -v` for the allocations between two looks.
  static let margin = 256 * CheckLimits.mebibyte

  static func start(limit: Int) {
    var address = rlimit()
    let virtualLimit =
      getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &address) == 0 && address.rlim_cur != rlim_t.max
      ? Int(clamping: address.rlim_cur) - margin : Int.max
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    Thread.detachNewThread {
      while true {
        usleep(20_000)
        guard let pages = ProcessPages.of("self") else { return }
        let (size, resident) = (pages.size * page, pages.resident * page)
        guard resident > limit || size > virtualLimit else { continue }
        let what =
          resident > limit
          ? "more than \(limit / CheckLimits.mebibyte) MiB of memory (pipe --max-memory)"
          : "nearly all the memory ulimit -v allows"
        Descriptor.write("error: the run stopped: it used \(what)\n", to: STDERR_FILENO)
        _exit(1)
      }
    }
  }
}
