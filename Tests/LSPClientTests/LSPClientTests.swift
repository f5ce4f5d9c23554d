import Foundation
import PipeProcessSupport
import XCTest

/// `pipe lsp` driven by a real client: pytest-lsp (PyPI, installed by `make test-deps` into
/// .build/lsp-venv) runs the Python tests in client/ against the built binary. Each test here
/// runs one file of them and fails with pytest's report. (test_editors.py drives Vim itself,
/// from Debian, on the editors' files.)
final class LSPClientTests: XCTestCase {
  static let python = Products.repository.appendingPathComponent(".build/lsp-venv/bin/python").path
  static let client = Products.repository.appendingPathComponent("Tests/LSPClientTests/client")

  func testLifecycleDiagnosticsQuickFixesAndHover() throws { try runClient("test_lifecycle.py") }

  func testCompletionOnUnfinishedLines() throws { try runClient("test_completion.py") }

  func testBaseProtocolWithMalformedInput() throws { try runClient("test_protocol.py") }

  func testFmtAndFormatting() throws { try runClient("test_formatting.py") }

  func testLetNamesSymbolsFoldingAndSemanticTokens() throws { try runClient("test_names.py") }

  func testRunLensesDiagramsOnHoverBudgetAndExpectDiagnostics() throws { try runClient("test_run.py") }

  func testPluginSourcesCitiesMarbleKeysAndSettingsWithSecretsMasked() throws {
    try runClient("test_vocabulary.py")
  }

  func testThousandsOfRandomEditsNeverKillTheServer() throws { try runClient("test_fuzz.py") }

  func testEditorFilesInVimAndTheTextMateGrammar() throws { try runClient("test_editors.py") }

  private func runClient(_ file: String) throws {
    guard FileManager.default.isExecutableFile(atPath: Self.python) else {
      throw MissingTestSetup("pytest-lsp is not installed in .build/lsp-venv: run make test-deps")
    }
    var environment = ProcessInfo.processInfo.environment
    environment["PIPE_BINARY"] = Products.pipe
    environment["NO_COLOR"] = "1"
    environment["HOME"] = nil
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    let pytest = try Spawned(
      ["-m", "pytest", "-q", "-p", "no:cacheprovider", file], environment: environment,
      executable: Self.python, directory: Self.client)
    let run = pytest.wait(timeout: 300) { XCTFail($0) }
    XCTAssertEqual(run.status, 0, "pytest \(file) failed:\n\(run.stdout)\n\(run.stderr)")
    XCTAssertTrue(run.stdout.contains(" passed"), run.stdout)
    XCTAssertFalse(run.stdout.contains(" skipped"), run.stdout)
  }
}
