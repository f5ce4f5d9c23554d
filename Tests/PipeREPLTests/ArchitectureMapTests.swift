import Foundation
import XCTest

/// docs/ARCHITECTURE.md is the map of the code: every type it names in backticks, and every
/// `Type.member` it names, must be declared in Sources or Tests, so a rename that forgets the
/// map fails here instead of misleading the next reader.
final class ArchitectureMapTests: XCTestCase {
  /// Names the map uses that are not ours to declare: the standard library, Foundation,
  /// Synchronization, modules and test targets, and placeholders in command lines.
  private static let notOurs: Set<String> = [
    "Int", "String", "Sendable", "DispatchQueue", "Mutex", "Atomic", "NSCondition", "NSLock",
    "Synchronization", "Products", "Support",
  ]

  func testEveryTypeAndMemberTheMapNamesIsDeclared() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let map = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    let code = try sources(under: root)
    let declared = Set(
      matches(#"\b(?:class|struct|enum|protocol|actor|typealias|extension)\s+([A-Z]\w*)"#, in: code))
    let modules = try targetNames(under: root)
    var missing: [String] = []
    for quoted in matches("`([^`\\n]+)`", in: map) where !Self.isCommandOrPath(quoted) {
      for name in matches(#"\b([A-Z][a-z]\w*(?:\.[a-z]\w*)?)"#, in: quoted) {
        let parts = name.split(separator: ".").map(String.init)
        let type = parts[0]
        if Self.notOurs.contains(type) || modules.contains(type) { continue }
        if !declared.contains(type) {
          missing.append("`\(quoted)`: no type \(type)")
        } else if parts.count == 2, !contains(member: parts[1], in: code) {
          missing.append("`\(quoted)`: no member \(parts[1])")
        }
      }
    }
    XCTAssertEqual(
      Array(Set(missing)).sorted(), [], "docs/ARCHITECTURE.md names what the code does not declare")
  }

  /// A command line, an environment variable or a file path: not a name in the code.
  private static func isCommandOrPath(_ text: String) -> Bool {
    text.hasPrefix("pipe ") || text.hasPrefix("make ") || text.hasPrefix("POST ") || text.contains("/")
      || text.contains("_") && text.uppercased() == text || text.hasSuffix(".swift")
  }

  private func contains(member: String, in code: String) -> Bool {
    code.range(of: #"\b(func|var|let|case|init)\s+\#(member)\b"#, options: .regularExpression) != nil
  }

  private func sources(under root: URL) throws -> String {
    var text = ""
    for folder in ["Sources", "Tests"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "swift" { text += try String(contentsOf: url, encoding: .utf8) + "\n" }
      }
    }
    return text
  }

  /// Module, plugin and test-target names: the targets Package.swift declares.
  private func targetNames(under root: URL) throws -> Set<String> {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    return Set(matches(#"name: "(\w+)""#, in: manifest))
  }

  private func matches(_ pattern: String, in text: String) -> [String] {
    let expression = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return expression.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}
