import Foundation

if ProcessInfo.processInfo.environment["PIPE_TESTBED_NO_HELLO"] == "1" {
  while true { sleep(3600) }
}
Testbed().run()
