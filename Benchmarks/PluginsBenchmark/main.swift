// The plugin host's benchmark: `swift run -c release PluginsBenchmark`.
//
// Runs the host against pipe-plugin-testbed (built next to this executable): sequential
// subscribe → next → completed round trips, values streamed by one subscription, and the time
// from starting a plugin to its hello; and reading one reply line with the JSON module against
// JSONSerialization and JSONDecoder. Targets: ≥ 20,000 round trips/s, ≤ 20 ms to hello.
// A round trip costs at least two thread wake-ups (three with a hop to an engine loop), so the
// table starts with the machine's floor: a byte through /bin/cat and back.
import Foundation

guard FileManager.default.isExecutableFile(atPath: Paths.testbed) else {
  print("no pipe-plugin-testbed next to this executable (\(Paths.products)); build it first")
  exit(1)
}

let floor = Cases.pipeFloor(count: 20_000)
let loop = DispatchQueue(label: "benchmark.loop")
let inline = Cases.roundTrips(deliver: { $0() }, count: 20_000, rounds: 5)
let hopped = Cases.roundTrips(deliver: { loop.async(execute: $0) }, count: 20_000, rounds: 5)
let streamed = Cases.streaming(count: 200_000, rounds: 3)
let swiftHello = Cases.spawnToHello(path: Paths.testbed, count: 21)
let json = JSONCase.run(count: 50_000, rounds: 5)
var rows = [
  Row(
    name: "floor: a byte through /bin/cat", value: "\(Table.rate(1 / floor))/s  (\(Table.micro(floor)))",
    target: ""),
  Row(
    name: "round trip, deliver inline (2 wake-ups)",
    value: "\(Table.rate(1 / inline))/s  (\(Table.micro(inline)))",
    target: "≥ 20,000/s", met: 1 / inline >= 20_000),
  Row(
    name: "round trip, deliver on a queue (3 wake-ups)",
    value: "\(Table.rate(1 / hopped))/s  (\(Table.micro(hopped)))",
    target: "≥ 20,000/s", met: 1 / hopped >= 20_000),
  Row(
    name: "values streamed (count n)", value: "\(Table.rate(1 / streamed))/s  (\(Table.micro(streamed)))",
    target: ""),
  Row(
    name: "spawn → hello, Swift testbed", value: Table.milli(swiftHello), target: "≤ 20 ms",
    met: swiftHello <= 0.020),
]
rows += [
  Row(name: "read a reply line, JSON module (median)", value: Table.micro(json.module), target: ""),
  Row(
    name: "  JSONSerialization, same line",
    value:
      "\(Table.micro(json.serialization))  (×\(String(format: "%.1f", json.serialization / json.module)))",
    target: "module faster", met: json.module < json.serialization),
  Row(
    name: "  JSONDecoder into a struct, same line",
    value: "\(Table.micro(json.decoder))  (×\(String(format: "%.1f", json.decoder / json.module)))",
    target: "module faster", met: json.module < json.decoder),
]
if FileManager.default.isExecutableFile(atPath: Paths.dice) {
  let pythonHello = Cases.spawnToHello(path: Paths.dice, count: 5)
  rows.append(
    Row(name: "spawn → hello, Python dice", value: Table.milli(pythonHello), target: "(informative)"))
}
Table.print(rows)
