import JSON

extension GradedScript {
  /// JUnit XML, as Jenkins (junit-10.xsd), GitLab and GitHub's test reporters read it: one
  /// `testsuite` per script, one `testcase` per case, named `file:line`; a failure's first
  /// line is its `message`, its whole text the element's content.
  ///
  ///     <testsuite name="demo.pipe" tests="1" failures="1" errors="0" skipped="0" file="demo.pipe">
  ///       <testcase name="demo.pipe:3" classname="demo.pipe">
  ///         <failure message="demo.pipe:3: expectation failed: just 1 | expect [2]" type="expectation">…
  static func junit(_ scripts: [GradedScript]) -> String {
    let tests = scripts.map(\.cases.count).reduce(0, +)
    let failures = scripts.map(\.failed).reduce(0, +)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"pipe check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
    for script in scripts {
      let path = XML.escaped(script.path)
      xml += "  <testsuite name=\"\(path)\" tests=\"\(script.cases.count)\" failures=\"\(script.failed)\""
      xml += " errors=\"0\" skipped=\"0\" file=\"\(path)\">\n"
      for item in script.cases {
        xml += "    <testcase name=\"\(XML.escaped(item.name))\" classname=\"\(path)\""
        guard let failure = item.failure, let message = item.message else {
          xml += "/>\n"
          continue
        }
        xml += ">\n      <failure message=\"\(XML.escaped(message))\" type=\"\(item.kind)\">"
        xml += XML.escaped(failure, inAttribute: false) + "</failure>\n    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// The Test Anything Protocol, version 13 (which TAP 14 harnesses read too, and Perl's
  /// `prove` still requires): the plan, then a line per case numbered from 1; a failed case
  /// has a YAML block with its message, file, line and whole text.
  ///
  ///     TAP version 13
  ///     1..2
  ///     ok 1 - demo.pipe:3
  ///     not ok 2 - demo.pipe:5
  ///       ---
  ///       message: "demo.pipe:5: expectation failed: just 1 | expect [2]"
  static func tap(_ scripts: [GradedScript]) -> String {
    let cases = scripts.flatMap { script in script.cases.map { (script.path, $0) } }
    var tap = "TAP version 13\n1..\(cases.count)\n"
    for (number, (path, item)) in zip(1..., cases) {
      // One line, and no directive: a name's `# SKIP` or line break forges no result.
      let name = String(
        String.UnicodeScalarView(
          item.name.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            switch scalar {
            case "\\", "#": ["\\", scalar]
            case "\n": ["\\", "n"]
            case "\r": ["\\", "r"]
            default: [scalar]
            }
          }))
      tap += "\(item.failure == nil ? "ok" : "not ok") \(number) - \(name)\n"
      guard let failure = item.failure, let message = item.message else { continue }
      tap += "  ---\n"
      tap += "  message: \(YAML.quoted(message))\n"
      tap += "  severity: fail\n"
      tap += "  kind: \(item.kind)\n"
      tap += "  at:\n    file: \(YAML.quoted(path))\n"
      if let line = item.line { tap += "    line: \(line)\n" }
      tap += "  output: \(YAML.quoted(failure))\n"
      tap += "  ...\n"
    }
    return tap
  }
}

/// Text as XML 1.0 character data or an attribute's value.
enum XML {
  /// `text` with `&`, `<`, `>` and quotes escaped, line breaks and tabs too in an attribute
  /// (where they would be read as spaces), and the characters XML 1.0 cannot hold (control
  /// characters but tab, line feed and carriage return) written as `\u{1B}`.
  static func escaped(_ text: String, inAttribute: Bool = true) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += inAttribute ? "&#10;" : "\n"
      case "\r": result += "&#13;"
      case "\t": result += inAttribute ? "&#9;" : "\t"
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Text as a YAML scalar.
enum YAML {
  /// A double-quoted scalar: a JSON string, which YAML reads as the same text.
  static func quoted(_ text: String) -> String { JSONValue.string(text).encodedString() }
}
