import XCTest

/// What the round trip's package compiles once for several programs (`SharedDeclarations`):
/// only a declaration every program of its module has in the same text, and none that
/// refers to something a program keeps as its own.
final class SharedDeclarationsTests: XCTestCase {
  static let error = """
    struct PipeError: Error {
        var kind: String
    }
    """
  static let otherError = """
    struct PipeError: Error {
        var kind: String
        var numbered = false
    }
    """
  static let run = """
    func run(_ value: Int) {
        print(PipeError(kind: "x").kind, value)
    }
    """
  static let clock = "let clock = 1"

  func program(_ declarations: [String], _ statement: String = "run(1)") -> String {
    (["import Foundation"] + declarations + [statement]).joined(separator: "\n\n")
  }

  func modules(_ programs: [String], unshared: Set<String> = []) -> [SharedDeclarations.Module] {
    SharedDeclarations.modules(
      programs.enumerated().map { SharedDeclarations.program($1, target: "p\($0)") }, unshared: unshared)
  }

  func testProgramsThatAgreeShareTheirDeclarationsAndOneThatDiffersKeepsItsOwn() {
    let same = program([Self.error, Self.run, Self.clock])
    let modules = modules([same, same, same, program([Self.otherError, Self.run, Self.clock])])
    XCTAssertEqual(modules.map(\.name), ["RoundTripShared1", SharedDeclarations.ownModule])
    XCTAssertEqual(modules[0].programs.map(\.target), ["p0", "p1", "p2"])
    XCTAssertEqual(Set(modules[0].sharedKeys), ["type PipeError", "func run(_ value: Int)", "global clock"])
    XCTAssertEqual(modules[1].programs.map(\.target), ["p3"])
    XCTAssertEqual(modules[1].sharedKeys, [])
  }

  func testADeclarationThatReadsWhatDiffersIsNotShared() {
    // `run` reads PipeError, which differs: the programs are grouped by their PipeError. In the
    // first group, `tick` is one text but reads a `clock` that differs: shared, it would read
    // one program's clock.
    let tick = "func tick() -> Int {\n    clock + 1\n}"
    let otherTick = "func tick() -> Int {\n    clock + 2\n}"
    let modules = modules([
      program([Self.error, Self.run, tick, "let clock = 1"], "tick()"),
      program([Self.error, Self.run, tick, "let clock = 2"], "tick()"),
      program([Self.error, Self.run, tick, "let clock = 3"], "tick()"),
      program([Self.otherError, Self.run, otherTick, "let clock = 1"], "tick()"),
      program([Self.otherError, Self.run, otherTick, "let clock = 1"], "tick()"),
      program([Self.otherError, Self.run, otherTick, "let clock = 1"], "tick()"),
    ])
    XCTAssertEqual(modules.map { $0.programs.map(\.target) }, [["p0", "p1", "p2"], ["p3", "p4", "p5"]])
    XCTAssertEqual(modules.first?.sharedKeys, ["type PipeError", "func run(_ value: Int)"])
    XCTAssertEqual(
      modules.last?.sharedKeys,
      ["type PipeError", "func run(_ value: Int)", "func tick() -> Int", "global clock"])
  }

  func testAnExtensionIsSharedMemberByMember() {
    let kind = "extension Error {\n    var kind: String { \"k\" }\n    var message: String { \"m\" }\n}"
    let onlyKind = "extension Error {\n    var kind: String { \"k\" }\n}"
    let modules = modules([program([kind]), program([onlyKind]), program([kind])])
    XCTAssertEqual(modules.count, 1)
    XCTAssertEqual(
      modules[0].sharedKeys, ["extension Error / var kind: String", "extension Error / var message: String"])
    // A conformance is declared once: not cut.
    let conforming = SharedDeclarations.program(
      program(["extension Int: Error {\n    var kind: String { \"k\" }\n}"]), target: "p")
    XCTAssertEqual(conforming.declarations.map(\.key), ["extension Int: Error"])
  }

  func testTheNamedProgramsShareNothing() {
    let same = program([Self.error, Self.run])
    let modules = modules([same, same, same, same], unshared: ["p1"])
    XCTAssertEqual(modules.map { $0.programs.map(\.target) }, [["p0", "p2", "p3"], ["p1"]])
    XCTAssertEqual(modules[1].name, SharedDeclarations.ownModule)
  }

  func testAProgramFileLeavesOutWhatItsModuleShares() {
    let parts = SharedDeclarations.program(program([Self.error, Self.run]), target: "p0")
    let file = ProgramFile.file(parts, leaving: ["type PipeError"], named: "program_p0")
    XCTAssertFalse(file.contains("struct PipeError"), file)
    XCTAssertTrue(file.contains("fileprivate func run(_ value: Int)"), file)
    XCTAssertTrue(file.contains("public func program_p0() {\n"), file)
    XCTAssertTrue(file.hasSuffix("\n    run(1)\n}\n"), file)
    XCTAssertEqual(
      ProgramFile.internalDeclaration("/// x\nprivate func f() {}"), "/// x\nfunc f() {}")
  }
}
