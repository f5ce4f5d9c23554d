import Foundation
import PipeDSL
import PipeRendering
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG is well-formed XML, with one group per lane and the diagram's texts in it.
final class SVGStructureTests: RenderingTestCase {
  private func svg(of text: String) throws -> (svg: String, diagram: Diagram) {
    let (_, session, rendering) = run(text)
    let diagram = try XCTUnwrap(rendering.lastDiagram(in: session))
    return (DiagramSVGRenderer().render(diagram), diagram)
  }

  func testTheRetryDiagramIsWellFormedWithAGroupPerLane() throws {
    let (svg, diagram) = try svg(
      of: #"cold ["300ms #", "300ms #", "300ms (a|)"] | retryWhen backoff(1,3,5,10) | catch cache | marbles"#)
    let outline = try SVGOutline(svg)
    XCTAssertEqual(outline.root, "svg")
    XCTAssertEqual(outline.groups(class: "lane"), diagram.lanes.count)
    XCTAssertEqual(diagram.lanes.count, 5)
    XCTAssertEqual(outline.groups(class: "axis"), 1)
    XCTAssertEqual(outline.groups(class: "legend"), 1)
    for text in [
      #"cold ["300ms #", "300ms #", "300ms (a|)"] | retryWhen backoff(1,3,5,10) | catch cache"#,
      "retryWhen backoff(1,3,5,10)", "catch cache", "↻2", "↻3", "a", "0ms", "4.5s",
      "✕ = error: error from a marble diagram",
      "^ subscribe  (ab) same instant  ✕ error  | complete  ↻2 subscribed again",
    ] {
      XCTAssertTrue(outline.texts.contains(text), "missing text \(text) in \(outline.texts)")
    }
    XCTAssertEqual(outline.count("line", class: "error"), 4)  // two crosses of two strokes
    XCTAssertEqual(outline.count("line", class: "complete"), 3)
  }

  func testNestedLanesAndEscapedTextsStayWellFormed() throws {
    let (svg, diagram) = try svg(of: #"of("<a&b>", "x") | flatMap (cold "-a|" | map { . }) | marbles"#)
    let outline = try SVGOutline(svg)
    XCTAssertEqual(outline.groups(class: "lane"), diagram.lanes.count)
    XCTAssertTrue(outline.texts.contains("b = <a&b>"), "\(outline.texts)")
    XCTAssertFalse(outline.texts.contains("  "), "\(outline.texts)")
    XCTAssertTrue(outline.texts.contains("├ "), "\(outline.texts)")
  }

  /// As on the terminal, a flatMap's lanes are labelled by their values, not as retries.
  func testAFlatMapsLanesAreLabelledByTheirValues() throws {
    let (svg, _) = try svg(of: #"of("London", "xyzzy") | flatMap (cold ["-#", "-(x|)"] | retry 2) | marbles"#)
    let outline = try SVGOutline(svg)
    let key =
      #"^ subscribe  (ab) same instant  ✕ error  | complete  "London" sub-pipeline for that value  ↻2 subscribed again"#
    for text in [#""London""#, #""xyzzy""#, "↻2", key] {
      XCTAssertTrue(outline.texts.contains(text), "missing text \(text) in \(outline.texts)")
    }
    XCTAssertFalse(outline.texts.contains("↻3"), "\(outline.texts)")
  }
}

/// What an SVG holds, read with Foundation's XMLParser (which fails on malformed XML).
final class SVGOutline: NSObject, XMLParserDelegate {
  private(set) var root: String?
  private(set) var elements: [(name: String, attributes: [String: String])] = []
  private(set) var texts: [String] = []
  private var text: String?

  init(_ svg: String) throws {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? NSError(domain: "SVGOutline", code: 1)
    }
  }

  func groups(class name: String) -> Int { count("g", class: name) }

  func count(_ element: String, class name: String) -> Int {
    elements.count { $0.name == element && $0.attributes["class"] == name }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String]
  ) {
    if root == nil { root = name }
    elements.append((name, attributes))
    if name == "text" { text = "" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
  {
    if name == "text", let text { texts.append(text) }
    text = nil
  }
}
