"""requirements/*.txt (``make lock``, uv) pin every dependency of pyproject.toml at a
version its specifier allows, and the sets agree with each other: a dependency added to
pyproject.toml without ``make lock`` fails here, not on a fresh machine."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[3]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", re.MULTILINE)


def pins(name: str) -> dict[str, str]:
    text = (ROOT / "requirements" / name).read_text(encoding="utf-8")
    found = {canonicalize_name(n): v for n, v in PIN.findall(text)}
    assert found, f"requirements/{name} pins nothing"
    return found


def requirements(*extras: str) -> list[Requirement]:
    """pyproject's dependencies plus the extras, the project's own extras unfolded."""
    reqs = [Requirement(r) for r in PROJECT["dependencies"]]
    todo = list(extras)
    while todo:
        for req in map(Requirement, PROJECT["optional-dependencies"][todo.pop()]):
            if canonicalize_name(req.name) == canonicalize_name(PROJECT["name"]):
                todo.extend(req.extras)
            else:
                reqs.append(req)
    return reqs


@pytest.mark.parametrize(("lock", "extras"), [("run.txt", ()), ("test.txt", ("test",))])
def test_every_dependency_is_pinned_within_its_specifier(lock, extras):
    pinned = pins(lock)
    for req in requirements(*extras):
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is not in requirements/{lock}: run make lock"
        assert req.specifier.contains(pinned[name], prereleases=True), (
            f"requirements/{lock} pins {req.name}=={pinned[name]}, outside {req.specifier}"
        )
        for extra in req.extras:  # psycopg[binary]: the extra's package is pinned too
            assert canonicalize_name(f"{req.name}-{extra}") in pinned


def test_the_locks_agree():
    """What running needs is what the suite ran with; the bundle builds that same set."""
    run, test, bundle = pins("run.txt"), pins("test.txt"), pins("bundle.txt")
    assert {n: test.get(n) for n in run} == run
    assert {n: bundle.get(n) for n in run} == run
    assert "pyinstaller" in bundle
    assert not {"pytest", "ruff", "hypothesis"} & set(run), "test tools in the run lock"
