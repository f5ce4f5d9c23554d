import CTLS
import Foundation
import SourceCore

/// A GET over `http://` or `https://` (TLS by OpenSSL, `CTLS`: the certificate checked against
/// the system's CA store and the host), on a socket of its own, with every limit counted on
/// the wire: the body's bytes as they come, however framed (a `Content-Length`, chunks, or
/// until the connection closes; the chunks' framing counts too, so a body sent a byte a chunk
/// is cut off as soon as a plain one), the header (64 KiB at most), the redirects (never to
/// another scheme, host or port: the person's `--allow-net` names one), and one deadline for
/// the whole exchange, TLS handshake and redirects included (a body that drips a byte a second
/// ends there).
///
/// URLSession (FoundationNetworking, over libcurl) is not used: with a body in tiny chunks it
/// queued a callback per chunk and grew the plugin to a gigabyte before its own cap was
/// reached, and its cancel waited behind them. `Accept-Encoding: identity` asks for no
/// compression; a compressed body is counted as it comes and cannot be read.
///
///     SocketHTTPGet(timeoutSeconds: 5).fetch(URL(string: "https://127.0.0.1:8443/x")!)
///     // .failure(badResponse: response body larger than 1 MiB) for an endless body
struct SocketHTTPGet {
  var timeoutSeconds: Double
  var maxBodyBytes = HTTPLimits.maxBodyBytes
  var maxRedirects = HTTPLimits.maxRedirects
  static let maxHeaderBytes = 64 << 10

  /// Runs the request on the calling thread (it blocks, at most the deadline).
  func fetch(_ url: URL) -> Result<HTTPAnswer, SourceError> {
    let deadline = Date(timeIntervalSinceNow: timeoutSeconds)
    var url = url
    var redirects = 0
    while true {
      let answer: Answer
      switch exchange(url, until: deadline) {
      case .success(let got): answer = got
      case .failure(let error): return .failure(error)
      }
      guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.headers["location"]
      else {
        return .success(
          HTTPAnswer(status: answer.status, body: answer.body, retryAfter: answer.headers["retry-after"]))
      }
      redirects += 1
      guard redirects <= maxRedirects else { return .failure(.tooManyRedirects(redirects)) }
      guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
        Self.origin(of: next) == Self.origin(of: url)
      else {
        return .failure(
          SourceError(.badResponse, "a redirect to another place than the base URL's scheme, host and port"))
      }
      url = next
    }
  }

  /// `https://host:443`: where a URL goes, its port made explicit.
  static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  private struct Answer {
    var status: Int
    var headers: [String: String]
    var body: Data
  }

  private func exchange(_ url: URL, until deadline: Date) -> Result<Answer, SourceError> {
    let scheme = url.scheme?.lowercased()
    guard let host = url.host, !host.isEmpty, scheme == "http" || scheme == "https", url.user == nil,
      url.password == nil
    else {
      return .failure(SourceError(.invalidSetting, "the base URL is not a usable http(s) URL"))
    }
    let secure = scheme == "https"
    let socket: Socket
    switch Socket.connect(
      host: host, port: url.port ?? (secure ? 443 : 80), secure: secure, until: deadline, timeout: timeout)
    {
    case .success(let connected): socket = connected
    case .failure(let error): return .failure(error)
    }
    defer { socket.close() }
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    let hostHeader = url.port.map { "\(host):\($0)" } ?? host
    let request =
      "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nAccept: application/json\r\n"
      + "Accept-Encoding: identity\r\nConnection: close\r\nUser-Agent: pipe\r\n\r\n"
    if let error = socket.send(Array(request.utf8), until: deadline, timeout: timeout) {
      return .failure(error)
    }
    var reader = Reader(socket: socket, deadline: deadline, get: self)
    return reader.answer()
  }

  var timeout: SourceError { .timedOut(afterMs: Int((timeoutSeconds * 1000).rounded())) }

  /// Reads one answer from the socket, counting the bytes after the header against the cap.
  private struct Reader {
    let socket: Socket
    let deadline: Date
    let get: SocketHTTPGet
    var buffer: [UInt8] = []
    var start = 0
    var bodyWireBytes = 0
    var ended = false

    mutating func answer() -> Result<Answer, SourceError> {
      // The header.
      var headerEnd: Int?
      while headerEnd == nil {
        headerEnd = find([13, 10, 13, 10])
        if headerEnd != nil { break }
        if buffer.count > SocketHTTPGet.maxHeaderBytes {
          return .failure(SourceError(.badResponse, "the server's answer has a header larger than 64 KiB"))
        }
        if let error = fill(counting: false) { return .failure(error) }
        if ended { return .failure(SourceError(.badResponse, "the server's answer cannot be read")) }
      }
      let header = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
      start = headerEnd! + 4
      bodyWireBytes = buffer.count - start
      if bodyWireBytes > get.maxBodyBytes { return .failure(.bodyTooLarge) }
      var lines = header.components(separatedBy: "\r\n")
      let statusLine = lines.removeFirst().split(separator: " ")
      guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
        return .failure(SourceError(.badResponse, "the server's answer cannot be read"))
      }
      var headers: [String: String] = [:]
      for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = line[..<colon].lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      let body: Result<[UInt8], SourceError>
      if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
        body = chunked()
      } else if let text = headers["content-length"] {
        guard let length = Int(text), length >= 0 else {
          return .failure(SourceError(.badResponse, "the server's answer cannot be read"))
        }
        guard length <= get.maxBodyBytes else { return .failure(.bodyTooLarge) }
        body = exactly(length)
      } else {
        body = untilClosed()
      }
      return body.map { Answer(status: status, headers: headers, body: Data($0)) }
    }

    /// Reads more into the buffer; sets `ended` at the end of the stream. Past the header,
    /// every byte counts against the cap.
    mutating func fill(counting: Bool = true) -> SourceError? {
      switch socket.receive(until: deadline, timeout: get.timeout) {
      case .failure(let error): return error
      case .success(let bytes):
        if bytes.isEmpty { ended = true }
        buffer += bytes
        if counting {
          bodyWireBytes += bytes.count
          if bodyWireBytes > get.maxBodyBytes { return .bodyTooLarge }
        }
        return nil
      }
    }

    func find(_ pattern: [UInt8], from: Int? = nil) -> Int? {
      let from = from ?? start
      guard buffer.count >= from + pattern.count else { return nil }
      for index in from...(buffer.count - pattern.count) where buffer[index] == pattern[0] {
        if Array(buffer[index..<(index + pattern.count)]) == pattern { return index }
      }
      return nil
    }

    mutating func exactly(_ length: Int) -> Result<[UInt8], SourceError> {
      while buffer.count - start < length {
        if let error = fill() { return .failure(error) }
        if ended { return .failure(SourceError(.offline, "the connection was lost")) }
      }
      return .success(Array(buffer[start..<(start + length)]))
    }

    mutating func untilClosed() -> Result<[UInt8], SourceError> {
      while !ended {
        if let error = fill() { return .failure(error) }
      }
      return .success(Array(buffer[start...]))
    }

    mutating func chunked() -> Result<[UInt8], SourceError> {
      var body: [UInt8] = []
      while true {
        var lineEnd = find([13, 10])
        while lineEnd == nil {
          if buffer.count - start > 1024 {
            return .failure(SourceError(.badResponse, "the server's answer cannot be read"))
          }
          if let error = fill() { return .failure(error) }
          if ended { return .failure(SourceError(.offline, "the connection was lost")) }
          lineEnd = find([13, 10])
        }
        let sizeText =
          String(decoding: buffer[start..<lineEnd!], as: UTF8.self)
          .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard let size = Int(sizeText, radix: 16), size >= 0 else {
          return .failure(SourceError(.badResponse, "the server's answer cannot be read"))
        }
        guard body.count + size <= get.maxBodyBytes else { return .failure(.bodyTooLarge) }
        start = lineEnd! + 2
        if size == 0 { return .success(body) }
        while buffer.count - start < size + 2 {
          if let error = fill() { return .failure(error) }
          if ended { return .failure(SourceError(.offline, "the connection was lost")) }
        }
        body += buffer[start..<(start + size)]
        start += size + 2
        if start > 32 << 10 {
          buffer.removeFirst(start)
          start = 0
        }
      }
    }
  }
}

/// A connected TCP socket, TLS over it for `https://`, whose every wait ends at a deadline.
private struct Socket {
  let fd: Int32
  var tls: OpaquePointer?

  /// Connects to `host:port`, then (`secure`) makes the TLS handshake, all by `deadline`.
  static func connect(host: String, port: Int, secure: Bool, until deadline: Date, timeout: SourceError)
    -> Result<Socket, SourceError>
  {
    let connected = connect(host: host, port: port, until: deadline, timeout: timeout)
    guard secure, case .success(var socket) = connected else { return connected }
    guard let tls = pipe_tls_open(socket.fd, host) else {
      socket.close()
      let reason =
        pipe_tls_available() == 0
        ? "cannot start TLS: OpenSSL (libssl3) is not installed" : "cannot start TLS"
      return .failure(SourceError(.offline, reason))
    }
    socket.tls = tls
    while true {
      let step = Int(pipe_tls_handshake(tls))
      if step == 1 { return .success(socket) }
      let events = step == PIPE_TLS_WANT_READ ? POLLIN : step == PIPE_TLS_WANT_WRITE ? POLLOUT : 0
      guard events != 0 else {
        let untrusted = pipe_tls_untrusted(tls) != 0
        socket.close()
        return .failure(
          SourceError(
            .offline,
            untrusted
              ? "the server's certificate is not trusted for \(host) (https://)"
              : "the TLS handshake failed (https://)"))
      }
      guard socket.wait(for: Int16(events), until: deadline) else {
        socket.close()
        return .failure(timeout)
      }
    }
  }

  private static func connect(host: String, port: Int, until deadline: Date, timeout: SourceError) -> Result<
    Socket, SourceError
  > {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      return .failure(SourceError(.offline, "cannot find the host"))
    }
    defer { freeaddrinfo(found) }
    var address: UnsafeMutablePointer<addrinfo>? = first
    while let candidate = address {
      address = candidate.pointee.ai_next
      let fd = socket(
        candidate.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      let socket = Socket(fd: fd, tls: nil)
      if Glibc.connect(fd, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 {
        return .success(socket)
      }
      guard errno == EINPROGRESS else {
        socket.close()
        continue
      }
      guard socket.wait(for: Int16(POLLOUT), until: deadline) else {
        socket.close()
        return .failure(timeout)
      }
      var problem: Int32 = 0
      var size = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &problem, &size)
      if problem == 0 { return .success(socket) }
      socket.close()
    }
    return .failure(SourceError(.offline, "cannot connect to the host"))
  }

  /// Waits until the socket is ready for `events`; false at the deadline.
  func wait(for events: Int16, until deadline: Date) -> Bool {
    while true {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
      if ready > 0 { return true }
      if ready < 0 && errno != EINTR { return true }  // the read or write says what is wrong
    }
  }

  func send(_ bytes: [UInt8], until deadline: Date, timeout: SourceError) -> SourceError? {
    var offset = 0
    var waitFor = Int16(POLLOUT)
    while offset < bytes.count {
      guard wait(for: waitFor, until: deadline) else { return timeout }
      let sent = bytes[offset...].withUnsafeBytes { buffer in
        guard let tls else { return Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
        return pipe_tls_write(tls, buffer.baseAddress, UInt(buffer.count))
      }
      if sent > 0 {
        offset += sent
      } else if tls != nil && (sent == PIPE_TLS_WANT_READ || sent == PIPE_TLS_WANT_WRITE) {
        waitFor = Int16(sent == PIPE_TLS_WANT_READ ? POLLIN : POLLOUT)
      } else if tls != nil || (errno != EINTR && errno != EAGAIN) {
        return SourceError(.offline, "the connection was lost")
      }
    }
    return nil
  }

  /// Up to 64 KiB; empty at the end of the stream.
  func receive(until deadline: Date, timeout: SourceError) -> Result<[UInt8], SourceError> {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    guard let tls else {
      while true {
        guard wait(for: Int16(POLLIN), until: deadline) else { return .failure(timeout) }
        let count = recv(fd, &buffer, buffer.count, 0)
        if count >= 0 { return .success(Array(buffer[0..<count])) }
        guard errno == EINTR || errno == EAGAIN else {
          return .failure(SourceError(.offline, "the connection was lost"))
        }
      }
    }
    // TLS may hold bytes it has read and not given yet: it is asked before any wait.
    while true {
      let count = pipe_tls_read(tls, &buffer, UInt(buffer.count))
      if count >= 0 { return .success(Array(buffer[0..<count])) }
      guard count == PIPE_TLS_WANT_READ || count == PIPE_TLS_WANT_WRITE else {
        return .failure(SourceError(.offline, "the connection was lost"))
      }
      guard wait(for: Int16(count == PIPE_TLS_WANT_READ ? POLLIN : POLLOUT), until: deadline) else {
        return .failure(timeout)
      }
    }
  }

  func close() {
    if let tls { pipe_tls_close(tls) }
    _ = Glibc.close(fd)
  }
}
