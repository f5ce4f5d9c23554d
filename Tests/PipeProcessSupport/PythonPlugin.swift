/// Plugins in Python for the tests, each a few lines around the protocol's loop.
public enum PythonPlugin {
  /// A plugin named `name` offering `sources` (no parameters), or saying `hello` (a Python
  /// expression) instead. `beforeHello` and `afterHello`
  /// run around the hello; `onSubscribe` runs for each subscribe message `m` (nothing, if
  /// empty); `afterSubscribe` follows it in the loop (`elif m["type"] == ...:` branches).
  /// `send(message)` writes one message at once.
  public static func source(
    name: String, sources: [String], hello: String? = nil, beforeHello: String = "", afterHello: String = "",
    onSubscribe: String, afterSubscribe: String = ""
  ) -> String {
    let list = sources.map { #"{"name": "\#($0)", "doc": "a source"}"# }.joined(separator: ", ")
    let greeting =
      hello
      ?? #"{"type": "hello", "protocol": 1, "name": "\#(name)", "version": "1.0.0", "sources": [\#(list)]}"#
    return """
      #!/usr/bin/env python3
      import json, os, sys, time

      def send(message):
          sys.stdout.write(json.dumps(message) + "\\n")
          sys.stdout.flush()

      \(beforeHello)
      send(\(greeting))
      \(afterHello)
      for line in sys.stdin:
          m = json.loads(line)
          if m["type"] == "subscribe":
      \((onSubscribe.isEmpty ? "pass" : onSubscribe).split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n"))
      \(afterSubscribe.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))

      """
  }
}
