import Foundation

if faultSetting("PIPE_TESTBED_NO_HELLO") == "1" {
  faultHappened()
  while true { sleep(3600) }
}
var testbed = Testbed()
if let version = faultSetting("PIPE_TESTBED_PROTOCOL").flatMap(Int.init) {
  testbed.protocolVersion = version
  faultHappened()
}
testbed.run()
