// The evidence for scripts/tsan/mutex-annotations.c (`make test-tsan` runs it first): four
// threads add to one dictionary behind one Mutex, each holding the lock 200 µs, so that
// waiters stop spinning and block in the kernel. Every access is inside withLock, yet under
// ThreadSanitizer alone this reports a "Swift access race"; with the annotations, none.
import Foundation
import Synchronization

let table = Mutex<[Int: Int]>([:])
let threads = (0..<4).map { worker in
  Thread {
    for step in 0..<50 {
      table.withLock { values in
        values[worker * 1000 + step] = step
        usleep(200)
      }
    }
  }
}
threads.forEach { $0.start() }
while table.withLock({ $0.count }) < 200 { usleep(1000) }
print("entries:", table.withLock { $0.count })
