"""How fast ``licensedesk-cli`` starts, against Python's own floor. Prints figures.

Each figure is a ratio of two fresh processes run alternately (median of RUNS,
default 9, with the spread):
1. ``licensedesk-cli --version`` / ``python -c pass`` (goal <= 3): a version
   needs no network, keyring or model code.
2. ``licensedesk-cli --help`` / ``python -c "import httpx"``, for information.
3. ``licensedesk-cli show SERIAL`` against a local sandbox (key from the
   environment, no keyring) / ``python -c "import httpx; httpx.get(URL)"`` against
   the same sandbox (goal <= 1.3): the whole command, start to exit.
Run: .venv/bin/python tests/bench/bench_cli_startup.py [RUNS]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure, median
from _ui_bench_support import SandboxProcess

CLI = [sys.executable, "-m", "licensedesk.cli"]
SCRIPT = Path(sys.executable).with_name("licensedesk-cli")  # what a person types


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def pair(ours: list[str], floor: list[str], env: dict[str, str], runs: int):
    wall(ours, env), wall(floor, env)  # warm the file cache for both
    a, b = [], []
    for _ in range(runs):
        a.append(wall(ours, env))
        b.append(wall(floor, env))
    return a, b


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    cli = [str(SCRIPT)] if SCRIPT.exists() else CLI
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "LICENSEDESK_CONFIG_DIR": f"{tmp}/config",
            "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
        }
        print(
            f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {runs} runs each, "
            f"alternating; {' '.join(Path(c).name for c in cli)}"
        )
        for key, label, args, floor, goal in (
            ("cli_version", "--version / python -c pass", ["--version"], "pass", 3.0),
            ("cli_help", "--help / python -c 'import httpx'", ["--help"], "import httpx", None),
        ):
            ours, base = pair([*cli, *args], [sys.executable, "-c", floor], env, runs)
            print(
                f"  {' '.join(args)}: {median(ours):.1f} ms; python -c {floor!r}: "
                f"{median(base):.1f} ms"
            )
            figure(
                key,
                f"licensedesk-cli {label}",
                median(ours) / median(base),
                goal,
                runs=[o / b for o, b in zip(ours, base, strict=True)],
            )
        db = Path(tmp) / "demo.db"
        import json

        data = json.loads(
            subprocess.run(
                [sys.executable, "-m", "licensedesk.sandbox", "demo", "--db", str(db), "--json"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
        cred = data["catalogue"]["credentials"]["read"]
        serial = data["catalogue"]["serials"]["perpetual"]
        with SandboxProcess(db) as sandbox:
            env_show = {**env, "LICENSEDESK_API_KEY": cred["api_key"]}
            show = [*cli, "show", serial, "--base-url", sandbox.url, "--app-id", cred["app_id"]]
            url = (
                f"{sandbox.url}/v2/licenses/{serial}?app_id={cred['app_id']}"
                f"&api_key={cred['api_key']}"
            )
            floor = [sys.executable, "-c", f"import httpx; httpx.get({url!r})"]
            ours, base = pair(show, floor, env_show, runs)
        print(
            f"  show SERIAL: {median(ours):.1f} ms; python -c 'import httpx; httpx.get(URL)': "
            f"{median(base):.1f} ms"
        )
        figure(
            "cli_show",
            "licensedesk-cli show / httpx.get, same sandbox",
            median(ours) / median(base),
            1.3,
            runs=[o / b for o, b in zip(ours, base, strict=True)],
        )


if __name__ == "__main__":
    main()
