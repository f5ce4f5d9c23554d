import Foundation
import Operators

/// The shapes of issue 31, each beside its reference. A reference returns what the
/// language's last line must be, so a wrong result stops the benchmark.
enum Shapes {
  static var all: [Shape] { ints + records + strings + inner + printing + [script] }

  /// Int chains on `range`, against the same chain on the engine with Ints.
  static var ints: [Shape] {
    [
      Shape(
        name: "map | filter | scan | last",
        statement: { "range(0, \($0)) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last" },
        count: 10_000_000, reference: "engine, Ints",
        run: { n in
          last(
            Observable.range(start: 0, count: n).map { $0 &* 2 }.filter { $0 % 4 == 0 }.scan(0) { $0 &+ $1 })
        }
      ),
      Shape(
        name: "map | filter | scan | count",
        statement: { "range(0, \($0)) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | count" },
        count: 10_000_000, reference: "engine, Ints",
        run: { n in
          count(
            Observable.range(start: 0, count: n).map { $0 &* 2 }.filter { $0 % 4 == 0 }.scan(0) { $0 &+ $1 })
        }
      ),
      Shape(
        name: "map | take | filter | last",
        statement: { "range(0, \($0)) | map {. * 2} | take \($0 - $0 / 10) | filter {. % 4 == 0} | last" },
        count: 10_000_000, reference: "engine, Ints",
        run: { n in
          last(Observable.range(start: 0, count: n).map { $0 &* 2 }.take(n - n / 10).filter { $0 % 4 == 0 })
        }
      ),
      Shape(
        name: "map | skip | filter | last",
        statement: { "range(0, \($0)) | map {. * 2} | skip 10 | filter {. % 4 == 0} | last" },
        count: 10_000_000, reference: "engine, Ints",
        run: { n in last(Observable.range(start: 0, count: n).map { $0 &* 2 }.skip(10).filter { $0 % 4 == 0 })
        }
      ),
      Shape(
        name: "map | distinct | filter | last",
        statement: { "range(0, \($0)) | map {. - . % 2} | distinct | filter {. % 4 == 0} | last" },
        count: 10_000_000, reference: "engine, Ints",
        run: { n in
          last(
            Observable.range(start: 0, count: n).map { $0 - $0 % 2 }.distinctUntilChanged().filter {
              $0 % 4 == 0
            })
        }
      ),
    ]
  }

  /// Records of a fixed shape, against a hand-written loop over a struct.
  static var records: [Shape] {
    [
      Shape(
        name: "records: map | filter | map | last",
        statement: { "range(0, \($0)) | map {[a: ., b: . * 2]} | filter {.b % 4 == 0} | map {.a} | last" },
        count: 2_000_000, reference: "Swift loop, a struct",
        run: { n in
          struct Pair { var a, b: Int }
          var kept: Int?
          for i in 0..<n {
            let pair = Pair(a: i, b: i &* 2)
            if pair.b % 4 == 0 { kept = pair.a }
            consume(pair)
          }
          return kept.map(String.init)
        }),
      Shape(
        name: "weather-shaped: fields, catch, retry",
        statement: {
          "range(0, \($0)) | map {[city: \"London\", temp: . % 40, humidity: . % 100]} "
            + "| filter {.temp > 10 && .humidity < 90} | map {[city: .city, temp: .temp * 2]} "
            + "| catch (just [city: \"cache\", temp: 0]) | retry 3 | map {.temp} | last"
        },
        count: 2_000_000, reference: "Swift loop, a struct",
        run: { n in
          struct Weather { var city: String, temp, humidity: Int }
          var kept: Int?
          for i in 0..<n {
            let answer = Weather(city: "London", temp: i % 40, humidity: i % 100)
            guard answer.temp > 10 && answer.humidity < 90 else { continue }
            let shown = Weather(city: answer.city, temp: answer.temp &* 2, humidity: 0)
            consume(shown)
            kept = shown.temp
          }
          return kept.map(String.init)
        }),
    ]
  }

  /// Strings made and compared per value, against a hand-written loop.
  static var strings: [Shape] {
    [
      Shape(
        name: "strings: map | distinct | count",
        statement: { "range(0, \($0)) | map {\"x\" + \"y\"} | distinct | count" },
        count: 5_000_000, reference: "Swift loop",
        run: { n in
          var previous: String?
          var count = 0
          for _ in 0..<n {
            let text = consume("x") + "y"
            if text != previous { count += 1 }
            previous = text
          }
          return String(count)
        }),
      Shape(
        name: "string building: str | len | count",
        statement: { "range(0, \($0)) | map {\"item \" + str(.)} | filter {len(.) > 6} | count" },
        count: 2_000_000, reference: "Swift loop",
        run: { n in
          var count = 0
          for i in 0..<n where ("item " + String(i)).count > 6 { count += 1 }
          return String(count)
        }),
    ]
  }

  /// Small inner pipelines per value, against the engine's operators with Ints.
  static var inner: [Shape] {
    [
      Shape(
        name: "flatMap (just .) | count", statement: { "range(0, \($0)) | flatMap (just .) | count" },
        count: 1_000_000, unit: "inner subscriptions/s", target: 3e6, reference: "engine, Ints",
        run: { n in count(Observable.range(start: 0, count: n).flatMap { Observable.just($0) }) }),
      Shape(
        name: "concatMap (just . | map) | last",
        statement: { "range(0, \($0)) | concatMap (just . | map {. + 1}) | last" },
        count: 1_000_000, unit: "inner subscriptions/s", target: 3e6, reference: "engine, Ints",
        run: { n in
          last(Observable.range(start: 0, count: n).concatMap { Observable.just($0).map { $0 + 1 } })
        }),
      Shape(
        name: "flatMapLatest (just . | map) | last",
        statement: { "range(0, \($0)) | flatMapLatest (just . | map {. + 1}) | last" },
        count: 1_000_000, unit: "inner subscriptions/s", target: 3e6, reference: "engine, Ints",
        run: { n in
          last(Observable.range(start: 0, count: n).flatMapLatest { Observable.just($0).map { $0 + 1 } })
        }),
    ]
  }

  /// What a person reads: `show` and `table` through the binary to a pipe, and `log`.
  static var printing: [Shape] {
    [
      Shape(
        name: "show to a pipe", statement: { "range(0, \($0)) | map {. * 2} | filter {. % 4 == 0} | show" },
        count: 2_000_000, runner: .binary, reference: "Swift loop, lines to /dev/null",
        run: { n in
          writeLines((0..<n).lazy.map { $0 &* 2 }.filter { $0 % 4 == 0 }.map(String.init))
        }, lines: { ($0 + 1) / 2 }),
      Shape(
        name: "table to a pipe", statement: { "range(0, \($0)) | map {[a: ., b: . * 2]} | table" },
        count: 200_000, runner: .binary, reference: "Swift loop, padded rows to /dev/null",
        run: { n in
          let width = String(2 * (n - 1)).count
          func padded(_ text: String) -> String { String(repeating: " ", count: width - text.count) + text }
          let rule = String(repeating: "─", count: width)
          _ = writeLines(
            [padded("a") + "  " + padded("b"), rule + "  " + rule]
              + (0..<n).map { padded(String($0)) + "  " + padded(String(2 * $0)) })
          return nil
        }, lines: { $0 + 2 }),
      Shape(
        name: "log-traced run", statement: { "range(0, \($0)) | map {. * 2} | filter {. % 4 == 0} | log" },
        count: 100_000, reference: "Swift loop, the same lines",
        run: { n in
          var lines = 0
          var last = ""
          for i in 0..<n {
            consume("0s      #0 range(0, \(n))  1  next \(i)")
            last = "0s      #1 map {. * 2}  1  next \(i * 2)"
            consume(last)
            lines += 2
            if i % 2 == 0 {
              last = "0s      #2 filter {. % 4 == 0}  1  next \(i * 2)"
              consume(last)
              lines += 1
            }
          }
          kept = last.count + lines
          return nil
        }),
    ]
  }

  /// A script of many short statements, parsed, compiled and run one after another.
  static var script: Shape {
    Shape(
      name: "script of short statements",
      statement: { n in (1...n).map { "just \($0) | map {. + 1} | last" }.joined(separator: "\n") },
      count: 10_000, unit: "statements/s", target: nil, reference: "engine, one chain each",
      run: { n in
        var result: String?
        for i in 1...n { result = last(Observable.just(i).map { $0 + 1 }) }
        return result
      })
  }

  /// Where a reference puts what it made and returns nothing of, so that it is made.
  nonisolated(unsafe) static var kept = 0

  /// Takes `value` where the optimiser cannot see, so that a reference's loop makes what the
  /// language makes rather than a closed form of it.
  @_optimize(none) @discardableResult static func consume<Value>(_ value: Value) -> Value {
    withExtendedLifetime(value) {}
    return value
  }

  /// The last value of `stream` as the language prints an int.
  static func last(_ stream: Observable<Int>) -> String? {
    var kept: Int?
    stream.subscribe(Observer { if case .next(let value) = $0 { kept = value } }).dispose()
    return kept.map(String.init)
  }

  static func count(_ stream: Observable<Int>) -> String {
    var count = 0
    stream.subscribe(Observer { if case .next = $0 { count += 1 } }).dispose()
    return String(count)
  }

  /// Writes `lines` to /dev/null in 64 KiB blocks, as a buffered standard output would; the last.
  static func writeLines<Lines: Sequence<String>>(_ lines: Lines) -> String? {
    let file = FileHandle(forWritingAtPath: "/dev/null")!
    var buffer = Data()
    var last: String?
    for line in lines {
      buffer.append(contentsOf: line.utf8)
      buffer.append(10)
      last = line
      if buffer.count >= 65536 {
        file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    file.write(buffer)
    return last
  }
}
