"""The base protocol with bytes no client library would send: malformed JSON, bad headers,
huge and absurd Content-Lengths, unknown methods. The server answers each with a JSON-RPC
error and goes on; nothing crashes."""

import json
import os
import select
import subprocess
import time

PIPE = os.environ["PIPE_BINARY"]


def frame(body):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


class Server:
    def __init__(self):
        self.process = subprocess.Popen([PIPE, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.pending = b""

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def read(self, timeout=20):
        """The next message the server writes; fails the test after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            header_end = self.pending.find(b"\r\n\r\n")
            if header_end >= 0:
                header = self.pending[:header_end].decode()
                length = int(header.split(":")[1])
                start = header_end + 4
                if len(self.pending) >= start + length:
                    body = self.pending[start:start + length]
                    self.pending = self.pending[start + length:]
                    return json.loads(body)
            left = deadline - time.monotonic()
            assert left > 0, f"no message from pipe lsp within {timeout} s; got {self.pending!r}"
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, f"pipe lsp closed its output: {self.process.stderr.read()!r}"
                self.pending += chunk

    def request(self, id, method, params=None):
        self.send(frame({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}}))
        return self.read()

    def finish(self):
        self.send(frame({"jsonrpc": "2.0", "id": 999, "method": "shutdown"}))
        assert self.read()["id"] == 999
        self.send(frame({"jsonrpc": "2.0", "method": "exit"}))
        return self.process.wait(timeout=20)


def test_requests_before_initialize_are_refused():
    server = Server()
    answer = server.request(1, "textDocument/hover")
    assert answer["error"]["code"] == -32002
    assert server.request(2, "initialize", {"capabilities": {}})["result"]["serverInfo"]["name"] == "pipe"
    assert server.finish() == 0


def test_malformed_messages_get_errors_and_the_server_goes_on():
    server = Server()
    server.request(1, "initialize", {"capabilities": {}})
    server.send(frame(b"{not json"))
    assert server.read()["error"]["code"] == -32700
    server.send(frame(b"[1, 2]"))
    assert server.read()["error"]["code"] == -32600
    server.send(frame({"jsonrpc": "2.0", "id": {"a": 1}, "method": "x"}))
    assert server.read()["error"]["code"] == -32600
    server.send(b"Content-Type: nothing\r\n\r\n")
    assert server.read()["error"]["code"] == -32600
    server.send(b"Content-Length: 12abc\r\n\r\n")
    assert server.read()["error"]["code"] == -32600
    assert server.request(2, "workspace/noSuchThing")["error"]["code"] == -32601
    assert server.request(3, "textDocument/hover", {"textDocument": 5})["error"]["code"] == -32602
    assert server.request(4, "textDocument/hover", {"textDocument": {"uri": "file:///nope.pipe"},
                                                     "position": {"line": 0, "character": 0}})["error"]["code"] == -32602
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 1}}))
    server.send(frame({"jsonrpc": "2.0", "method": "$/unknownNotification"}))
    assert server.request(5, "textDocument/completion", {"textDocument": {"uri": "file:///nope.pipe"},
                                                          "position": {}})["error"]["code"] == -32602
    assert server.finish() == 0


def test_a_huge_message_is_skipped_and_refused():
    server = Server()
    server.request(1, "initialize", {"capabilities": {}})
    size = 9 * 1024 * 1024
    server.send(b"Content-Length: %d\r\n\r\n" % size)
    chunk = b" " * (1024 * 1024)
    for _ in range(9):
        server.send(chunk)
    answer = server.read()
    assert answer["error"]["code"] == -32600 and "more than" in answer["error"]["message"], answer
    assert server.request(2, "shutdown")["result"] is None
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.process.wait(timeout=20) == 0


def test_an_absurd_content_length_and_the_end_of_input():
    server = Server()
    server.request(1, "initialize", {"capabilities": {}})
    server.send(b"Content-Length: 99999999999999999999999\r\n\r\n")
    assert server.read()["error"]["code"] == -32600
    server.process.stdin.close()
    assert server.process.wait(timeout=20) == 1  # the input ended without shutdown


def test_exit_without_shutdown_is_status_1():
    server = Server()
    server.request(1, "initialize", {"capabilities": {}})
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert server.process.wait(timeout=20) == 1


def test_unfinished_and_binary_texts_never_crash_the_server():
    server = Server()
    server.request(1, "initialize", {"capabilities": {}})
    texts = ['weather "Lo', "let = ", "just 1 | retryWhen exponential(factor: ", "{[(", "\u0000\u001b[31m",
             "cold \"-a-", "é😀 | ", "set ", ":load", "|" * 5000, "(" * 3000]
    for version, text in enumerate(texts, start=1):
        server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///t.pipe", "languageId": "pipe", "version": version, "text": text}}}))
        published = server.read()
        assert published["method"] == "textDocument/publishDiagnostics", published
        for line in range(2):
            for character in (0, 3, 10_000):
                answer = server.request(100 + version, "textDocument/completion", {
                    "textDocument": {"uri": "file:///t.pipe"}, "position": {"line": line, "character": character}})
                assert "result" in answer, answer
                answer = server.request(100 + version, "textDocument/hover", {
                    "textDocument": {"uri": "file:///t.pipe"}, "position": {"line": line, "character": character}})
                assert "result" in answer, answer
    assert server.finish() == 0
