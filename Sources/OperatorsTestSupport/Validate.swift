// XCTest's assertions: compiled only where XCTest is (a release build with
// --static-swift-stdlib builds every regular target, and has no XCTest).
#if canImport(XCTest)
  import Operators
  import XCTest

  /// Tests an operator with marble diagrams only, as swift-async-algorithms' `validate`: the
  /// input diagrams, the operator applied to `$0.inputs`, and the expected diagram. An input
  /// with a `^` is hot, any other cold; values are one-letter strings.
  ///
  ///     validate {
  ///       "-a-b-c|"
  ///       $0.inputs[0].map { $0.uppercased() }
  ///       "-A-B-C|"
  ///     }
  public func validate(
    file: StaticString = #filePath, line: UInt = #line,
    @MarbleValidation.Builder _ build: (MarbleValidation) -> MarbleValidation.Test
  ) {
    let validation = MarbleValidation(file: file, line: line)
    let test = build(validation)
    validation.start(test.inputs)
    let res = validation.scheduler.record(file: file, line: line) { test.operation }
    assertMarbles(res, test.expected, file: file, line: line)
  }

  /// What a `validate` block sees as `$0`: its inputs and its clock.
  public final class MarbleValidation {
    /// One diagram test: inputs, the operation under test, the expected output.
    public struct Test {
      let inputs: [String]
      let operation: Observable<String>
      let expected: String
    }

    /// Reads a `validate` block: up to three input diagrams, the operation, the output.
    @resultBuilder
    public enum Builder {
      public static func buildBlock(_ operation: Observable<String>, _ expected: String) -> Test {
        Test(inputs: [], operation: operation, expected: expected)
      }

      public static func buildBlock(
        _ input: String, _ operation: Observable<String>, _ expected: String
      ) -> Test {
        Test(inputs: [input], operation: operation, expected: expected)
      }

      public static func buildBlock(
        _ first: String, _ second: String, _ operation: Observable<String>, _ expected: String
      ) -> Test {
        Test(inputs: [first, second], operation: operation, expected: expected)
      }

      public static func buildBlock(
        _ first: String, _ second: String, _ third: String, _ operation: Observable<String>,
        _ expected: String
      ) -> Test {
        Test(inputs: [first, second, third], operation: operation, expected: expected)
      }
    }

    /// The clock every input and operator of the block should use.
    public let scheduler = TestScheduler()
    private var sources: [TestableMarbles<String>] = []
    private let file: StaticString
    private let line: UInt

    init(file: StaticString, line: UInt) {
      self.file = file
      self.line = line
    }

    /// The inputs, in the order of their diagrams; they are bound once the block is read.
    public var inputs: Inputs { Inputs(validation: self) }

    /// The input diagrams as sources.
    public struct Inputs {
      let validation: MarbleValidation

      public subscript(index: Int) -> Observable<String> {
        Observable(unsafe: { [validation] observer in validation.input(index).subscribe(observer) })
      }
    }

    fileprivate func start(_ diagrams: [String]) {
      sources = diagrams.map { diagram in
        diagram.contains("^")
          ? scheduler.hot(diagram, file: file, line: line)
          : scheduler.cold(diagram, file: file, line: line)
      }
    }

    private func input(_ index: Int) -> Observable<String> {
      guard sources.indices.contains(index) else {
        XCTFail("validate has no input \(index)", file: file, line: line)
        return Observable(unsafe: { _ in Disposables.empty })
      }
      return sources[index].asObservable()
    }
  }
#endif
