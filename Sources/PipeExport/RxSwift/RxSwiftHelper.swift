/// A piece of Swift an RxSwift export declares once, in this order, when a stage uses it
/// (`ExportContext.use` by its name), with the parts of pipe's error record it reads.
enum RxSwiftHelper: String, CaseIterable {
  case coldEach, numbered, retryOn, retryAfter, show, checked

  /// The Swift source of the helper.
  var text: String {
    switch self {
    case .coldEach: return RxSwiftExport.coldEach
    case .numbered: return RxSwiftExport.numbered
    case .retryOn: return RxSwiftExport.retryOn
    case .retryAfter: return RxSwiftExport.retryAfter
    case .show: return CombineHelper.show.text
    case .checked: return SwiftChecks.helpers
    }
  }

  /// The parts of the error record its text reads: a document using it declares the record.
  var reads: [ErrorRecordPart] {
    switch self {
    case .coldEach: return []
    case .numbered: return [.pipeError, .attempt]
    case .retryOn: return [.kind]
    case .retryAfter: return [.retryAfter]
    case .show: return CombineHelper.show.reads
    case .checked: return CombineHelper.checked.reads
    }
  }
}
