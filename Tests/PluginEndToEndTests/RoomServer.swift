import Foundation
import PipeProcessSupport
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A teacher's `pipe fake-api --room --port 0 --token T`, started for a test (and stopped at its
/// end), with plain HTTP to it as a student, the teacher or a stranger sends it.
final class RoomServer {
  static let token = "room-token-for-tests"

  let process: Spawned
  let port: Int
  var url: String { "http://127.0.0.1:\(port)" }

  init(_ test: XCTestCase, arguments: [String] = []) throws {
    let sandbox = try Sandbox(test)
    process = try Spawned(
      ["fake-api", "--room", "--port", "0", "--token", Self.token] + arguments,
      environment: sandbox.environment)
    let spawned = process
    test.addTeardownBlock { spawned.killGroup() }
    guard process.waitForOutput("Requests:"),
      let match = process.stdout.firstMatch(of: /pipe join http:\/\/127\.0\.0\.1:(\d+) --name NAME/),
      let port = Int(match.1)
    else {
      throw MissingTestSetup("fake-api --room did not start: \(process.stdout)\(process.stderr)")
    }
    self.port = port
  }

  struct Answer {
    let status: Int
    let headers: [String: String]
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  /// One request to this server, answered within `timeout` seconds (else the test's error).
  func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, timeout: Double = 10
  ) throws -> Answer {
    try Self.send(method, url + path, headers: headers, body: body, timeout: timeout)
  }

  /// One request to `address`, answered within `timeout` seconds (else the test's error).
  static func send(
    _ method: String, _ address: String, headers: [String: String] = [:], body: Data? = nil,
    timeout: Double = 10
  ) throws -> Answer {
    var request = URLRequest(url: try XCTUnwrap(URL(string: address)), timeoutInterval: timeout)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<Answer, any Error>?>(nil)
    URLSession(configuration: .ephemeral).dataTask(with: request) { data, response, error in
      if let response = response as? HTTPURLResponse {
        let fields = response.allHeaderFields.reduce(into: [String: String]()) {
          $0["\($1.key)"] = "\($1.value)"
        }
        outcome.withLock {
          $0 = .success(Answer(status: response.statusCode, headers: fields, body: data ?? Data()))
        }
      } else {
        outcome.withLock { $0 = .failure(error ?? URLError(.badServerResponse)) }
      }
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + timeout + 5) == .success, let answer = outcome.withLock({ $0 }) else {
      throw URLError(.timedOut)
    }
    return try answer.get()
  }

  /// `POST /_room/report` with `report` as its JSON body, and the student's secret
  /// (`secret(of:)`) when `report` has none.
  func report(_ report: [String: Any]) throws -> Answer {
    var report = report
    if report["secret"] == nil, let name = report["name"] as? String {
      report["secret"] = Self.secret(of: name)
    }
    return try request(
      "POST", "/_room/report", headers: ["Content-Type": "application/json"],
      body: try JSONSerialization.data(withJSONObject: report))
  }

  /// The secret a test's student `name` reports with.
  static func secret(of name: String) -> String { "secret-of-\(name)-for-tests" }

  /// `GET /_room/state?token=T`, read as JSON.
  func state() throws -> [String: Any] {
    let answer = try request("GET", "/_room/state?token=\(Self.token)")
    XCTAssertEqual(answer.status, 200, answer.text)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
  }
}
