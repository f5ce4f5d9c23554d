// XCTest's assertions: compiled only where XCTest is (a release build with
// --static-swift-stdlib builds every regular target, and has no XCTest).
#if canImport(XCTest)
  import Operators
  import XCTest

  /// A test case that fails when a test leaves live subscriptions or pending timers behind,
  /// as RxSwift's tests check `Resources.total`.
  open class LeakCheckingTestCase: XCTestCase {
    private var resourcesAtStart = 0

    open override func setUp() {
      super.setUp()
      resourcesAtStart = Resources.total
    }

    open override func tearDown() {
      let left = Resources.total - resourcesAtStart
      XCTAssertEqual(left, 0, "live subscriptions or timers left behind: \(left)")
      super.tearDown()
    }
  }
#endif
