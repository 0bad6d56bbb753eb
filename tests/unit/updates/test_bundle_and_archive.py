"""Version ordering, the bundle's version and folders, and the archive's checks."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest

from licensedesk.updates.archive import BadArchive, unpack
from licensedesk.updates.bundle import Bundle, bundle_root, version_key


@pytest.mark.parametrize(
    ("older", "newer"), [("1.0", "1.1"), ("1.9", "1.10"), ("0.1.0", "1"), ("1.1", "1.1.1")]
)
def test_versions_order_by_number(older, newer):
    assert version_key(older) < version_key(newer)


def test_trailing_zeros_name_the_same_version():
    assert version_key("1.1") == version_key("1.1.0")


@pytest.mark.parametrize("text", ["1.1rc1", "1.1+local", "", "v1.1", "1..1", "0+unknown"])
def test_anything_but_a_release_number_is_no_version_to_install(text):
    assert version_key(text) is None


def test_a_bundle_knows_its_version_and_its_neighbours(tmp_path):
    root = tmp_path / "licensedesk"
    meta = root / "_internal" / "licensedesk-2.3.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: licensedesk\nVersion: 2.3\n\n")
    bundle = Bundle.of(root / "licensedesk")
    assert bundle.version == "2.3"
    assert bundle.workspace == tmp_path / "licensedesk.updates"
    assert bundle.previous == tmp_path / "licensedesk.previous"
    assert bundle.source() is None  # built without update/: no checks


def test_the_root_of_a_macos_app_is_the_app(tmp_path):
    program = tmp_path / "License Desk.app" / "Contents" / "MacOS" / "licensedesk"
    assert bundle_root(program) == tmp_path / "License Desk.app"


def archive_of(tmp_path: Path, members: list[tarfile.TarInfo]) -> Path:
    path = tmp_path / "a.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for member in members:
            data = b"x" if member.isfile() else None
            if data is not None:
                member.size = len(data)
            tar.addfile(member, io.BytesIO(data) if data else None)
    return path


def member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    return info


def test_an_archive_of_one_folder_is_unpacked(tmp_path):
    path = archive_of(
        tmp_path,
        [
            member("licensedesk", tarfile.DIRTYPE),
            member("licensedesk/licensedesk"),
            member("licensedesk/link", tarfile.SYMTYPE, "licensedesk"),
        ],
    )
    root = unpack(path, tmp_path / "out")
    assert root == tmp_path / "out" / "licensedesk"
    assert (root / "licensedesk").read_bytes() == b"x"
    assert (root / "link").is_symlink()


@pytest.mark.parametrize(
    "bad",
    [
        member("../outside"),
        member("/etc/outside"),
        member("licensedesk/up", tarfile.SYMTYPE, "../../outside"),
        member("licensedesk/abs", tarfile.SYMTYPE, "/etc/passwd"),
        member("licensedesk/fifo", tarfile.FIFOTYPE),
        member("licensedesk/dev", tarfile.CHRTYPE),
    ],
    ids=["dotdot", "absolute", "link-out", "link-absolute", "fifo", "device"],
)
def test_a_member_that_would_land_outside_or_is_no_file_is_refused(tmp_path, bad):
    path = archive_of(tmp_path, [member("licensedesk", tarfile.DIRTYPE), bad])
    with pytest.raises(BadArchive):
        unpack(path, tmp_path / "out")
    assert not (tmp_path / "outside").exists()


def test_an_archive_of_two_folders_is_no_bundle(tmp_path):
    path = archive_of(tmp_path, [member("a", tarfile.DIRTYPE), member("b", tarfile.DIRTYPE)])
    with pytest.raises(BadArchive):
        unpack(path, tmp_path / "out")


def test_a_file_that_is_no_archive_is_refused(tmp_path):
    path = tmp_path / "a.tar.gz"
    path.write_bytes(b"not gzip")
    with pytest.raises(BadArchive):
        unpack(path, tmp_path / "out")
