import FlyingFox
import FlyingSocks
import Foundation
import SourceCore

extension ServerAction {
  /// The HTTP response that carries out a simulated server's action: an answer as JSON; a hang
  /// that sleeps `hangSeconds` (cancelled when the server stops) and then gives up with 504; a
  /// drop that announces a body and closes the connection before sending it.
  func response(hangSeconds: Double) async -> HTTPResponse {
    switch self {
    case .answer(let answer):
      return HTTPResponse(
        statusCode: HTTPStatusCode(answer.status, phrase: ""),
        headers: [.contentType: "application/json; charset=utf-8"], body: answer.body)
    case .hang:
      try? await Task.sleep(nanoseconds: UInt64(hangSeconds * 1_000_000_000))
      return HTTPResponse(statusCode: .gatewayTimeout)
    case .drop:
      return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: BrokenBytes(), count: 64))
    }
  }
}

/// A body that fails on its first read, so the server closes the connection mid-response.
struct BrokenBytes: AsyncBufferedSequence, AsyncBufferedIteratorProtocol, Sendable {
  typealias Element = UInt8

  struct Dropped: Error {}

  func makeAsyncIterator() -> BrokenBytes { self }

  mutating func next() async throws -> UInt8? { throw Dropped() }

  mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { throw Dropped() }
}
