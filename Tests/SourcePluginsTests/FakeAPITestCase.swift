import FakeAPI
import Foundation
import SourceCore
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A test case with a fake API running on loopback for each test, its log kept in memory.
class FakeAPITestCase: XCTestCase {
  static let key = "s3cret-key-0123"
  private(set) var server: FakeAPIServer!
  private(set) var port: UInt16 = 0
  let log = LogLines()

  override func setUp() async throws {
    server = FakeAPIServer(seed: 42, hangSeconds: 3, log: log.append)
    port = try await server.start()
  }

  override func tearDown() async throws {
    await server.stop()
  }

  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Settings for a live client of the fake API, with a short timeout.
  func liveSettings(_ change: (inout ServiceSettings) -> Void = { _ in }) -> ServiceSettings {
    serviceSettings(baseURL: baseURL) {
      $0.mode = .live
      $0.apiKey = Self.key
      $0.timeoutSeconds = 2
      change(&$0)
    }
  }

  /// Sends `method path` to the fake API and returns the status and the body as text.
  func call(_ method: String, _ path: String) async throws -> (status: Int, body: String) {
    var request = URLRequest(url: URL(string: baseURL + path)!)
    request.httpMethod = method
    let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
    return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
  }

  /// A port nothing listens on: a fake API's, after it stopped.
  func closedPort() async throws -> UInt16 {
    let other = FakeAPIServer(log: { _ in })
    let port = try await other.start()
    await other.stop()
    return port
  }
}

/// Log lines collected from any thread.
final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  var all: [String] { lock.withLock { lines } }

  var append: @Sendable (String) -> Void {
    { line in self.lock.withLock { self.lines.append(line) } }
  }
}
