import Foundation

/// The machine's addresses, for the lines `pipe fake-api --room` prints.
enum NetworkAddresses {
  /// Every IPv4 address of an interface that is up, the machine's own network first and
  /// 127.0.0.1 last (students on other machines cannot use it).
  static func ipv4() -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return ["127.0.0.1"] }
    defer { freeifaddrs(list) }
    var addresses: [String] = []
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
        entry.pointee.ifa_flags & 1 != 0  // IFF_UP
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let named = getnameinfo(
        address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
        NI_NUMERICHOST)
      guard named == 0 else { continue }
      let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !addresses.contains(text) { addresses.append(text) }
    }
    let others = addresses.filter { !$0.hasPrefix("127.") }
    return others + ["127.0.0.1"]
  }
}
