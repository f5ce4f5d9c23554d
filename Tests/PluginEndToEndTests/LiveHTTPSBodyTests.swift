import Foundation
import PipeProcessSupport
import XCTest

/// The live weather client over https:// against the endless bodies of `LiveBodyFramingTests`,
/// served with TLS on 127.0.0.1: the same 1 MiB cap and deadline hold (URLSession grew the
/// plugin to 945 MB and ran to the host's 60 s deadline on the chunked one). The server's
/// certificate is made here by `openssl`, and trusted the way a machine's own CA is, with no
/// switch in pipe (`TrustingRun`). Every test here starts processes.
final class LiveHTTPSBodyTests: XCTestCase {
  func testAnEndlessChunkedHTTPSBodyIsCutOffAtOneMebibyte() throws {
    try checkCutOff("Chunked")
  }

  func testAnEndlessHTTPSBodyWithoutALengthIsCutOffAtOneMebibyte() throws {
    try checkCutOff("Unframed")
  }

  func testAnEndlessGzippedHTTPSBodyIsCutOffAtOneMebibyte() throws {
    try checkCutOff("Gzipped")
  }

  /// A body that comes one byte a second ends at the request's deadline (2 s here).
  func testADrippingHTTPSBodyEndsAtTheDeadline() throws {
    let (sandbox, server, trusted) = try start()
    let started = Date()
    let run = try trusted.run(live(server) + "set weather.timeout 2\n" + #"weather "Drip" | show"#, sandbox)
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(run.stderr.contains("error: timeout — no answer within 2000 ms"), run.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the 2 s deadline, not the host's 60 s")
  }

  /// Without the certificate trusted, the same server is refused: the TLS check is on.
  func testAnUntrustedCertificateIsRefused() throws {
    let (sandbox, server, _) = try start()
    let run = try sandbox.script(
      live(server) + #"weather "Drip" | show"#, environment: ["PIPE_PLUGIN_DEADLINE": "60"])
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(run.stderr.contains("error: "), run.stderr)
    XCTAssertFalse(run.stderr.contains("timeout"), "refused at once, not after the drip: \(run.stderr)")
  }

  private func checkCutOff(_ city: String) throws {
    let (sandbox, server, trusted) = try start()
    try LiveBodyFramingTests.checkCutOff {
      try trusted.spawn(live(server) + #"weather "\#(city)" | show"#, sandbox)
    }
  }

  private func live(_ server: PythonServer) -> String {
    "set weather.mode live; set weather.baseURL \"https://127.0.0.1:\(server.port)\"; "
      + "set weather.apiKey \"demo-key\"\n"
  }

  private func start() throws -> (Sandbox, PythonServer, TrustingRun) {
    let sandbox = try Sandbox(self)
    let certificate = try TestCertificate(in: sandbox.root)
    let server = try PythonServer(
      script: LiveBodyFramingTests.server, arguments: [certificate.certificate, certificate.key], test: self)
    return (sandbox, server, TrustingRun(authority: certificate.certificate))
  }
}

/// A self-signed certificate for 127.0.0.1, made by `openssl` in `folder`.
struct TestCertificate {
  let certificate: String
  let key: String

  init(in folder: URL) throws {
    certificate = folder.appendingPathComponent("cert.pem").path
    key = folder.appendingPathComponent("key.pem").path
    let made = try Spawned(
      [
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
        "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
      ], environment: PipeProcess.environment(), executable: "/usr/bin/env"
    ).wait(timeout: 30)
    guard made.status == 0 else {
      throw MissingTestSetup("openssl could not make a certificate: \(made.stderr)")
    }
  }
}

/// Runs `pipe -e TEXT` with `authority` as the CA store of OpenSSL (`SSL_CERT_FILE`, the
/// variable every OpenSSL program reads): pipe's plugins trust it as they would a CA the
/// machine's owner installed; the product has no switch of its own for it.
struct TrustingRun {
  let authority: String

  func spawn(_ text: String, _ sandbox: Sandbox) throws -> Spawned {
    try Spawned(
      ["-e", text],
      environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "60", "SSL_CERT_FILE": authority]) {
        $1
      })
  }

  func run(_ text: String, _ sandbox: Sandbox) throws -> PipeRun {
    try spawn(text, sandbox).wait(timeout: 90)
  }
}
