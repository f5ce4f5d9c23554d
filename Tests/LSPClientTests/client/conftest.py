"""The real `pipe lsp` (the binary in $PIPE_BINARY) driven by pytest-lsp's client."""

import os
import re
import subprocess

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

PIPE = os.environ["PIPE_BINARY"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[PIPE, "lsp"]))
async def client(lsp_client: LanguageClient):
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=None))
    yield
    await lsp_client.shutdown_session()


def server_fixture(initialization_options=None, env=None):
    """A client of a `pipe lsp` started with `env`, initialized with `initialization_options`
    (assign it to the fixture's name in a test file)."""
    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[PIPE, "lsp"], server_env=env))
    async def fixture(lsp_client: LanguageClient):
        await lsp_client.initialize_session(types.InitializeParams(
            capabilities=types.ClientCapabilities(), initialization_options=initialization_options))
        yield
        await lsp_client.shutdown_session()
    return fixture


async def open_document(client, uri, text):
    """Opens a document and returns the diagnostics the server publishes for it."""
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="pipe", version=1, text=text)))
    return await published(client, uri, 1)


async def published(client, uri, version):
    """Waits for the diagnostics of `uri` at `version` (the test fails after 20 s)."""
    import asyncio

    async def wait():
        while True:
            params = await client.wait_for_notification("textDocument/publishDiagnostics")
            if params.uri == uri and params.version == version:
                return params.diagnostics

    return await asyncio.wait_for(wait(), timeout=20)


def command_line_diagnostics(path):
    """What `pipe run FILE` reports: (line, column, severity, message, help) for each diagnostic."""
    run = subprocess.run([PIPE, "run", path], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, NO_COLOR="1"))
    found = []
    for line in run.stderr.splitlines():
        head = re.match(re.escape(path) + r":(\d+):(\d+): (error|warning|note): (.*)$", line)
        if head:
            found.append([int(head[1]), int(head[2]), head[3], head[4], None])
        elif found and line.strip().startswith("= help: "):
            found[-1][4] = line.strip()[len("= help: "):]
    return run, [tuple(entry) for entry in found]
