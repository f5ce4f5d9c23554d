import Foundation

/// One `POST` of a JSON body to the room, over a plain socket (pipe links no HTTP client:
/// Foundation's networking would load libcurl at every start), within a short deadline. The
/// room is a convenience: a room that is down or slow costs at most `timeout` and gives a
/// one-line reason, never a failure of the command that reported.
struct RoomPost {
  let address: RoomAddress
  /// Seconds for the whole exchange: connect, send, read the status line.
  var timeout = 2.0

  /// Sends `body` to `PATH/_room/report`; nil when the room answered 2xx, else why not.
  func send(_ body: [UInt8], to route: String = "/_room/report") -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    guard let socket = connect(deadline: deadline) else {
      return "the room at \(address.host):\(address.port) cannot be reached"
    }
    defer { close(socket) }
    let host = address.host.contains(":") ? "[\(address.host)]" : address.host
    let head =
      "POST \(address.path)\(route) HTTP/1.1\r\nHost: \(host):\(address.port)\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    guard write(Array(head.utf8) + body, to: socket, deadline: deadline) else {
      return "the room did not take the report"
    }
    guard let status = readStatus(socket, deadline: deadline) else {
      return "the room did not answer within \(Int(timeout)) s"
    }
    switch status {
    case 200..<300: return nil
    case 403: return "the room answered 403: your name is another student's there; join with one of your own"
    default: return "the room answered \(status)"
    }
  }

  /// A connected socket, or nil when no address of the host answers before `deadline`.
  private func connect(deadline: Date) -> Int32? {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(address.host, String(address.port), &hints, &found) == 0, let first = found else {
      return nil
    }
    defer { freeaddrinfo(first) }
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let info = next?.pointee {
      next = info.ai_next
      let socket = Glibc.socket(
        info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
      guard socket >= 0 else { continue }
      _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
      if Glibc.connect(socket, info.ai_addr, info.ai_addrlen) == 0
        || (errno == EINPROGRESS && wait(socket, for: Int16(POLLOUT), until: deadline) && connected(socket))
      {
        return socket
      }
      close(socket)
    }
    return nil
  }

  private func connected(_ socket: Int32) -> Bool {
    var error: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &size) == 0 && error == 0
  }

  /// Whether `socket` became ready for `events` before `deadline`.
  private func wait(_ socket: Int32, for events: Int16, until deadline: Date) -> Bool {
    while true {
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000).rounded(.up))
      guard left > 0 else { return false }
      var poller = pollfd(fd: socket, events: events, revents: 0)
      let ready = poll(&poller, 1, left)
      if ready > 0 { return true }
      if ready < 0 && errno == EINTR { continue }
      return false
    }
  }

  private func write(_ bytes: [UInt8], to socket: Int32, deadline: Date) -> Bool {
    var sent = 0
    while sent < bytes.count {
      guard wait(socket, for: Int16(POLLOUT), until: deadline) else { return false }
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// The status of the answer's first line (`HTTP/1.1 204 No Content`); nil when none came
  /// in time or it is not HTTP. At most 1 kB is read.
  private func readStatus(_ socket: Int32, deadline: Date) -> Int? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while !received.contains(0x0A), received.count < 1024 {
      guard wait(socket, for: Int16(POLLIN), until: deadline) else { return nil }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { break }
      received += buffer[..<count]
    }
    let line = String(decoding: received.prefix { $0 != 0x0A }, as: UTF8.self)
    let words = line.split(separator: " ")
    guard words.count >= 2, words[0].hasPrefix("HTTP/1.") else { return nil }
    return Int(words[1])
  }
}
