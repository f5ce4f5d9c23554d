import XCTest

@testable import PipeDSL

/// `Translation.all` drives the checker: every foreign name in it is an alias that compiles
/// with a warning, or is refused with a message naming pipe's stage; and every name it lists
/// is shown in its cell, so docs/COOKBOOK.md (generated from it) shows what the checker knows.
final class TranslationTableTests: XCTestCase {
  func testEveryNameIsShownInItsCell() {
    for row in Translation.all {
      for library in Library.allCases {
        for name in row.names(in: library) {
          let stage = String(name.prefix { $0 != "(" })
          XCTAssertTrue(row.cells[library]!.markdown.contains(stage), "\(row.pipe) \(library): \(name)")
        }
      }
      if let entry = row.entry { XCTAssertNotNil(Catalogue.standard.entries[entry], entry) }
      for alias in row.aliases { XCTAssertNotNil(Translation.foreignNames[alias], alias) }
    }
  }

  func testEveryForeignNameIsAnAliasOrAHint() {
    XCTAssertGreaterThan(Translation.foreignNames.count, 30)
    for (name, foreign) in Translation.foreignNames {
      let stage = foreign.label.map { "\(foreign.stageName)(\($0): 1)" } ?? foreign.stageName
      let diagnostics = compile("just 1 | \(stage)")
      let mine = diagnostics.filter { $0.id == .foreignName }
      XCTAssertEqual(mine.count, 1, "\(name): \(diagnostics.map(\.message))")
      XCTAssertEqual(mine.first?.severity, foreign.isAlias ? .warning : .error, name)
      XCTAssertTrue(
        mine.first?.message.contains("'\(foreign.translation.pipeText.split(separator: " ")[0])") == true,
        "\(name): \(mine.first?.message ?? "")")
    }
  }

  func testAnEntrysNamesElsewhereComeFromTheTable() {
    XCTAssertEqual(
      Translation.elsewhere("flatMapLatest"),
      "RxSwift flatMapLatest · Combine switchToLatest · RxJS switchMap")
    XCTAssertEqual(Translation.aliases(of: "distinct"), ["distinctUntilChanged", "removeDuplicates"])
    XCTAssertEqual(
      Translation.helpNote("switchMap"),
      "'switchMap' is RxJS's name for 'flatMapLatest' (accepted with a warning)")
    XCTAssertEqual(Translation.named("do", label: "onNext")?.translation.entry, "onNext")
  }

  private func compile(_ text: String) -> [Diagnostic] {
    let parsed = Parser.parse(SourceFile(name: "t", text: text))
    let compiler = Compiler(settings: Settings())
    _ = compiler.compile(parsed.tree)
    return parsed.diagnostics + compiler.diagnostics
  }
}
