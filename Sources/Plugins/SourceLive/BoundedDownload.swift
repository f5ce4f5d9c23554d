import Foundation
import SourceCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One GET whose body and redirects are counted as they come, as URLSession's delegate: the
/// body stops at `HTTPLimits.maxBodyBytes`, the redirects at `HTTPLimits.maxRedirects`.
///
///     await BoundedDownload(timeoutSeconds: 5).run(URLRequest(url: url), in: .ephemeral)
///     // .failure(badResponse: response body larger than 1 MiB) for a 100 MB body
final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let timeoutSeconds: Double
  private let maxBodyBytes: Int
  private let maxRedirects: Int
  private let lock = NSLock()
  private var body = Data()
  private var redirects = 0
  private var failure: SourceError?
  private var continuation: CheckedContinuation<Result<HTTPURLResponse, URLError>, Never>?

  init(
    timeoutSeconds: Double, maxBodyBytes: Int = HTTPLimits.maxBodyBytes,
    maxRedirects: Int = HTTPLimits.maxRedirects
  ) {
    self.timeoutSeconds = timeoutSeconds
    self.maxBodyBytes = maxBodyBytes
    self.maxRedirects = maxRedirects
  }

  /// Sends `request` and waits for the whole answer, or the limit it broke, or the URL error;
  /// cancelling the task cancels the request.
  func run(_ request: URLRequest, in configuration: URLSessionConfiguration) async -> Result<
    HTTPAnswer, SourceError
  > {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        lock.withLock { self.continuation = continuation }
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
    return lock.withLock {
      if let failure { return .failure(failure) }
      switch outcome {
      case .success(let response):
        let retryAfter = response.value(forHTTPHeaderField: "Retry-After")
        return .success(HTTPAnswer(status: response.statusCode, body: body, retryAfter: retryAfter))
      case .failure(let error):
        return .failure(HTTPGet.sourceError(for: error.code, timeoutSeconds: timeoutSeconds))
      }
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let allowed = lock.withLock {
      redirects += 1
      guard redirects > maxRedirects else { return true }
      failure = .tooManyRedirects(redirects)
      return false
    }
    completionHandler(allowed ? request : nil)
  }

  /// A body announced as too long is refused before it comes.
  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLong = response.expectedContentLength > Int64(maxBodyBytes)
    if tooLong { stop(dataTask, because: .bodyTooLarge) }
    completionHandler(tooLong ? .cancel : .allow)
  }

  /// Fails the download with `problem` and cancels `task`, once. The cancel runs on a thread
  /// of its own: FoundationNetworking's `cancel` waits for its busy work queue, and a delegate
  /// (or a pool thread) stuck there would let the body's pieces pile up unread.
  private func stop(_ task: URLSessionTask, because problem: SourceError) {
    let first = lock.withLock {
      defer { failure = failure ?? problem }
      return failure == nil
    }
    if first { Thread { task.cancel() }.start() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow = lock.withLock {
      guard failure == nil else { return false }
      guard body.count + data.count <= maxBodyBytes else {
        body = Data()
        return true
      }
      body.append(data)
      return false
    }
    if overflow { stop(dataTask, because: .bodyTooLarge) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let outcome: Result<HTTPURLResponse, URLError>
    if let error {
      outcome = .failure(error as? URLError ?? URLError(.unknown))
    } else if let response = task.response as? HTTPURLResponse {
      outcome = .success(response)
    } else {
      outcome = .failure(URLError(.badServerResponse))
    }
    let continuation = lock.withLock {
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: outcome)
  }
}
