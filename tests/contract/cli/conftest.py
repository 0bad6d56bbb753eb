"""CLI tests: ``main(argv)`` in-process against the sandbox, with a throw-away config
folder and an in-memory keyring; every test ends with a secrets check."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from licensedesk.cli import asking, main
from tests.support.memory_keyring import MemoryKeyring, keyring_backend
from tests.support.net import free_port

ENV_VARS = (
    "LICENSEDESK_API_KEY",
    "LICENSEDESK_WRITE_API_KEY",
    "LICENSEDESK_PROFILE",
    "LICENSEDESK_CONFIG_DIR",
    "LICENSEDESK_DATA_DIR",
)


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self):
        return json.loads(self.out)


@pytest.fixture
def memory_keyring():
    """The process-wide keyring backend replaced by an in-memory one for this test."""
    with keyring_backend(MemoryKeyring()) as backend:
        yield backend


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(folder))
    return folder


class Cli:
    """Runs ``main(argv)`` and keeps every output for the secrets check."""

    def __init__(self, capsys, monkeypatch, config_dir: Path, secrets: set[str]):
        self.capsys = capsys
        self.monkeypatch = monkeypatch
        self.config_dir = config_dir
        self.secrets = secrets
        self.outputs: list[str] = []
        self.answers: list[str] = []
        self.questions: list[str] = []

    def __call__(
        self,
        *argv: str,
        env: dict[str, str] | None = None,
        tty: bool = False,
        answers: list[str] | None = None,
    ) -> Result:
        with self.monkeypatch.context() as m:
            for name in ENV_VARS[:3]:
                m.delenv(name, raising=False)
            for name, value in (env or {}).items():
                m.setenv(name, value)
                if "KEY" in name:
                    self.secrets.add(value)
            m.setattr(asking, "stdin_is_interactive", lambda: tty)
            pending = list(answers or [])

            def ask(prompt: str) -> str:
                self.questions.append(prompt)
                return pending.pop(0)

            m.setattr(asking, "ask", ask)
            m.setattr(asking, "read_secret", ask)
            self.capsys.readouterr()
            code = main(list(argv))
            captured = self.capsys.readouterr()
        self.outputs += [captured.out, captured.err]
        assert "Traceback" not in captured.err
        return Result(code, captured.out, captured.err)


@pytest.fixture
def cli(capsys, monkeypatch, config_dir, memory_keyring, tmp_path):
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(tmp_path / "data"))
    secrets: set[str] = set()
    runner = Cli(capsys, monkeypatch, config_dir, secrets)
    yield runner
    # Secrets check: no api_key in any output, nor in any file under the config folder.
    assert runner.outputs, "the test ran no command"
    for secret in secrets:
        for text in runner.outputs:
            assert secret not in text
        if config_dir.exists():
            for path in config_dir.rglob("*"):
                if path.is_file():
                    assert secret not in path.read_text(errors="replace"), path


@pytest.fixture
def conn(sandbox, cli):
    """Arguments + env for an ad-hoc connection with the read_write demo pair."""
    app_id, key = sandbox.creds("read_write")
    for label in ("read", "write", "read_write"):
        cli.secrets.add(sandbox.creds(label)[1])
    return ["--base-url", sandbox.url, "--app-id", app_id], {"LICENSEDESK_API_KEY": key}


@pytest.fixture
def closed_port_url():
    return f"http://127.0.0.1:{free_port()}"
