// pipe-fake-api: the fake web APIs on their own, for trying the live clients by hand.
//
//     pipe-fake-api [PORT] [WEATHER-FAULTS] [AIRQUALITY-FAULTS]
//     pipe-fake-api 8080 "500,500,ok"
//
// `pipe fake-api` is the same server inside the pipe command.
import FakeAPI
import Foundation
import SourceCore

let arguments = CommandLine.arguments.dropFirst().map { $0 }
let port = arguments.first.flatMap(UInt16.init) ?? 0
var faults = FakeAPIFaults()
do {
  if arguments.count > 1 { faults.weather = try FaultPlan(parsing: arguments[1]) }
  if arguments.count > 2 { faults.airquality = try FaultPlan(parsing: arguments[2]) }
} catch {
  FileHandle.standardError.write(Data("pipe-fake-api: \(error.message)\n".utf8))
  exit(2)
}
let server = FakeAPIServer(port: port, faults: faults)
let chosen = try await server.start()
print("fake-api listening on http://127.0.0.1:\(chosen)  (control: GET /_control)")
fflush(nil)
while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
