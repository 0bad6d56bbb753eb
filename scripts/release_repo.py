#!/usr/bin/env python3
"""The update repository of License Desk's bundles: TUF metadata signed with the release keys.

    scripts/release_repo.py keys KEYS               four new key pairs (root, targets,
                                                    snapshot, timestamp) into KEYS
    scripts/release_repo.py init --keys KEYS REPO   a new repository: its root of trust
    scripts/release_repo.py stamp --repo REPO --url URL BUNDLE
                                                    put the root of trust and the server's
                                                    address into a built bundle (update/)
    scripts/release_repo.py publish --keys KEYS --version V [--platform P] REPO BUNDLE
                                                    the bundle as a signed release
    scripts/release_repo.py refresh --keys KEYS REPO
                                                    sign the timestamp anew (it expires)

KEYS may also be given as $LICENSEDESK_RELEASE_KEYS. The private keys are PEM files
(``<role>.pem``, mode 0600) that never go into the repository or the project: the script
refuses a key folder inside REPO. REPO is what the web server publishes: ``metadata/``
and ``targets/``. ``make release-repo`` runs ``publish`` for ``dist/licensedesk``.
docs/updates.md says how a release is made and where the keys live.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tarfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROLES = ("root", "targets", "snapshot", "timestamp")
KEYS_ENV = "LICENSEDESK_RELEASE_KEYS"
#: how long each role's metadata is valid: the timestamp is signed anew often (`refresh`),
#: the root only when keys change
DAYS = {"root": 3 * 365, "targets": 365, "snapshot": 365, "timestamp": 14}


class ReleaseError(Exception):
    """A sentence for the person making the release."""


def platform_tag() -> str:
    """The same tag as the app's (licensedesk/updates/bundle.py), without importing it."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, platform.system().lower())
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def make_keys(folder: Path) -> None:
    from securesystemslib.signer import CryptoSigner

    existing = [role for role in ROLES if (folder / f"{role}.pem").exists()]
    if existing:
        raise ReleaseError(f"{folder} already holds keys ({', '.join(existing)}): none replaced")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    for role in ROLES:
        signer = CryptoSigner.generate_ed25519()
        fd = os.open(folder / f"{role}.pem", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(signer.private_bytes)


def load_signer(folder: Path, role: str):
    from cryptography.hazmat.primitives.serialization import load_pem_private_key
    from securesystemslib.signer import CryptoSigner

    path = folder / f"{role}.pem"
    try:
        return CryptoSigner(load_pem_private_key(path.read_bytes(), None))
    except OSError as exc:
        raise ReleaseError(f"the {role} key cannot be read: {exc.strerror} ({path})") from exc
    except ValueError as exc:
        raise ReleaseError(f"{path} is not a private key") from exc


def expiry(days: int) -> datetime:
    return (datetime.now(UTC) + timedelta(days=days)).replace(microsecond=0)


def check_key_folder(keys: Path, repo: Path) -> None:
    keys, repo = keys.resolve(), repo.resolve()
    if keys == repo or repo in keys.parents:
        raise ReleaseError(f"the keys ({keys}) must not be inside the published folder {repo}")


def write(metadata, path: Path) -> None:
    from tuf.api.serialization.json import JSONSerializer

    path.parent.mkdir(parents=True, exist_ok=True)
    metadata.to_file(str(path), JSONSerializer(compact=False))


def read_metadata(path: Path, missing: str):
    """The signed metadata in ``path``; ReleaseError ``missing`` when there is none, and a
    sentence when it cannot be read as TUF metadata."""
    from securesystemslib.exceptions import StorageError
    from tuf.api.metadata import Metadata
    from tuf.api.serialization import DeserializationError

    if not path.is_file():
        raise ReleaseError(missing)
    try:
        return Metadata.from_file(str(path))
    except (StorageError, DeserializationError) as exc:
        raise ReleaseError(f"{path} cannot be read as TUF metadata: {exc}") from exc


def init(keys: Path, repo: Path) -> Path:
    """Root version 1 naming the four public keys; returns the root file to ship."""
    from tuf.api.metadata import Metadata, Root

    check_key_folder(keys, repo)
    meta_dir = repo / "metadata"
    if (meta_dir / "root.json").exists():
        raise ReleaseError(f"{repo} is a repository already: its root is kept")
    root = Root(expires=expiry(DAYS["root"]), consistent_snapshot=False)
    signers = {role: load_signer(keys, role) for role in ROLES}
    for role, signer in signers.items():
        root.add_key(signer.public_key, role)
    metadata = Metadata(root)
    metadata.sign(signers["root"])
    write(metadata, meta_dir / "1.root.json")
    write(metadata, meta_dir / "root.json")
    (repo / "targets").mkdir(parents=True, exist_ok=True)
    return meta_dir / "root.json"


def trusted_root(keys: Path, repo: Path):
    """The repository's root, after checking that the keys in ``keys`` are the ones it names
    (signing with other keys would publish what every client refuses)."""
    check_key_folder(keys, repo)
    missing = f"{repo} is no repository yet: run `init` first"
    root = read_metadata(repo / "metadata" / "root.json", missing).signed
    signers = {}
    for role in ("targets", "snapshot", "timestamp"):
        signer = load_signer(keys, role)
        if signer.public_key.keyid not in root.roles[role].keyids:
            raise ReleaseError(f"{keys / (role + '.pem')} is not this repository's {role} key")
        signers[role] = signer
    return root, signers


def stamp(repo: Path, url: str, bundle: Path) -> None:
    """The bundle's ``update/``: the repository's current root (its root of trust) and URL."""
    root = (repo / "metadata" / "root.json").read_bytes()
    target = bundle / "Contents" / "Resources" if bundle.suffix == ".app" else bundle
    (target / "update").mkdir(parents=True, exist_ok=True)
    (target / "update" / "root.json").write_bytes(root)
    (target / "update" / "repository").write_text(url.rstrip("/") + "\n", encoding="utf-8")


def _bump(path: Path, make):
    """The metadata at ``path`` with its version raised, or a new one from ``make()``."""
    from tuf.api.metadata import Metadata

    if path.exists():
        metadata = read_metadata(path, "")
        metadata.signed.version += 1
        return metadata
    return Metadata(make())


def sign_top(repo: Path, signers, targets=None, timestamp_days: int = DAYS["timestamp"]) -> None:
    """Snapshot and timestamp anew (and ``targets``, when given), each signed by its key."""
    from tuf.api.metadata import MetaFile, Snapshot, Timestamp

    meta_dir = repo / "metadata"
    if targets is not None:
        targets.signed.expires = expiry(DAYS["targets"])
        targets.signatures.clear()
        targets.sign(signers["targets"])
        write(targets, meta_dir / "targets.json")
    nothing = f"{repo} has no release yet: `publish` one first"
    targets_version = read_metadata(meta_dir / "targets.json", nothing).signed.version
    snapshot = _bump(meta_dir / "snapshot.json", Snapshot)
    snapshot.signed.meta["targets.json"] = MetaFile(version=targets_version)
    snapshot.signed.expires = expiry(DAYS["snapshot"])
    snapshot.signatures.clear()
    snapshot.sign(signers["snapshot"])
    write(snapshot, meta_dir / "snapshot.json")
    timestamp = _bump(meta_dir / "timestamp.json", Timestamp)
    timestamp.signed.snapshot_meta = MetaFile(version=snapshot.signed.version)
    timestamp.signed.expires = expiry(timestamp_days)
    timestamp.signatures.clear()
    timestamp.sign(signers["timestamp"])
    write(timestamp, meta_dir / "timestamp.json")


def publish(
    keys: Path,
    repo: Path,
    bundle: Path,
    version: str,
    tag: str,
    timestamp_days: int = DAYS["timestamp"],
) -> Path:
    """The bundle as ``targets/licensedesk-V-TAG.tar.gz`` and ``targets/latest/TAG.json``
    pointing at it; the metadata signed. Other platforms' releases stay listed."""
    import json

    from tuf.api.metadata import TargetFile, Targets

    _root, signers = trusted_root(keys, repo)
    if not bundle.is_dir():
        raise ReleaseError(f"{bundle} is not a bundle folder")
    targets_dir = repo / "targets"
    name = f"licensedesk-{version}-{tag}.tar.gz"
    archive = targets_dir / name
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(bundle, arcname=bundle.name)
    pointer = targets_dir / "latest" / f"{tag}.json"
    pointer.parent.mkdir(parents=True, exist_ok=True)
    pointer.write_text(json.dumps({"version": version, "archive": name}) + "\n", encoding="utf-8")
    targets = _bump(repo / "metadata" / "targets.json", Targets)
    for path in (archive, pointer):
        target_path = path.relative_to(targets_dir).as_posix()
        targets.signed.targets[target_path] = TargetFile.from_file(
            target_path, str(path), ["sha256"]
        )
    sign_top(repo, signers, targets, timestamp_days)
    return archive


def project_version() -> str:
    import tomllib

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="release_repo.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    keys_env = os.environ.get(KEYS_ENV)
    key_help = f"the folder of the private keys (default ${KEYS_ENV})"

    def with_keys(command: argparse.ArgumentParser) -> None:
        command.add_argument(
            "--keys", type=Path, default=keys_env, required=not keys_env, help=key_help
        )

    made = sub.add_parser("keys", help="make the four key pairs")
    made.add_argument("folder", type=Path)
    started = sub.add_parser("init", help="a new repository")
    with_keys(started)
    started.add_argument("repo", type=Path)
    stamped = sub.add_parser("stamp", help="the root of trust and the URL into a bundle")
    stamped.add_argument("--repo", type=Path, required=True)
    stamped.add_argument("--url", required=True, help="the repository's public base URL")
    stamped.add_argument("bundle", type=Path)
    published = sub.add_parser("publish", help="a bundle as the newest release")
    with_keys(published)
    published.add_argument("--version", default=None, help="default: pyproject.toml's")
    published.add_argument("--platform", default=platform_tag(), help="default: this machine's")
    published.add_argument(
        "--timestamp-days",
        type=int,
        default=DAYS["timestamp"],
        help="how long the timestamp is valid (negative: already expired)",
    )
    published.add_argument("repo", type=Path)
    published.add_argument("bundle", type=Path)
    refreshed = sub.add_parser("refresh", help="sign snapshot and timestamp anew")
    with_keys(refreshed)
    refreshed.add_argument("--timestamp-days", type=int, default=DAYS["timestamp"])
    refreshed.add_argument("repo", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "keys":
            make_keys(args.folder)
            print(f"keys made in {args.folder}: keep them out of every repository")
        elif args.command == "init":
            print(f"root of trust: {init(args.keys, args.repo)}")
        elif args.command == "stamp":
            stamp(args.repo, args.url, args.bundle)
            print(f"{args.bundle} updates from {args.url}")
        elif args.command == "publish":
            version = args.version or project_version()
            archive = publish(
                args.keys, args.repo, args.bundle, version, args.platform, args.timestamp_days
            )
            print(f"published {version} for {args.platform}: {archive}")
        else:
            _root, signers = trusted_root(args.keys, args.repo)
            sign_top(args.repo, signers, timestamp_days=args.timestamp_days)
            print(f"timestamp of {args.repo} signed anew")
    except ReleaseError as exc:
        print(f"release_repo.py: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"release_repo.py: {exc.strerror}: {exc.filename}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
