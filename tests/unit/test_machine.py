"""host_id and device_tag: the pure mapping functions, plus this machine."""

from __future__ import annotations

import re
import sys

import machineid
import pytest

from licensedesk import machine

HEX32 = re.compile(r"[0-9a-f]{32}")


# ---------------------------------------------------------------- device tag


@pytest.mark.parametrize(
    ("system", "release", "mach", "version", "mac_release", "expected"),
    [
        ("Windows", "10", "AMD64", "10.0.19045", "", "Windows 10__64bits"),
        ("Windows", "10", "AMD64", "10.0.22000", "", "Windows 11__64bits"),
        ("Windows", "10", "ARM64", "10.0.26100", "", "Windows 11__64bits"),
        ("Windows", "11", "AMD64", "10.0.22631", "", "Windows 11__64bits"),
        ("Windows", "10", "x86", "10.0.19045", "", "Windows 10__32bits"),
        ("Windows", "10", "AMD64", "", "", "Windows 10__64bits"),
        ("Windows", "8.1", "AMD64", "6.3.9600", "", "Windows 8.1__64bits"),
        ("Windows", "7", "x86", "6.1.7601", "", "Windows 7__32bits"),
        ("Darwin", "23.4.0", "arm64", "Darwin Kernel", "14.4.1", "macOS 14__64bits"),
        ("Darwin", "24.0.0", "x86_64", "", "15.0", "macOS 15__64bits"),
        ("Darwin", "19.6.0", "x86_64", "", "10.15.7", "macOS 10.15__64bits"),
        ("Darwin", "23.4.0", "arm64", "", "", "macOS__64bits"),
        ("Linux", "6.1.0-18-amd64", "x86_64", "#1 SMP", "", "Linux__64bits"),
        ("Linux", "6.6.20", "aarch64", "", "", "Linux__64bits"),
        ("Linux", "5.10.0", "armv7l", "", "", "Linux__32bits"),
        ("Linux", "5.10.0", "i686", "", "", "Linux__32bits"),
        ("Linux", "6.1", "riscv64", "", "", "Linux__64bits"),
        ("FreeBSD", "14.0-RELEASE", "amd64", "", "", "FreeBSD__64bits"),
    ],
)
def test_device_tag_for(system, release, mach, version, mac_release, expected):
    assert machine.device_tag_for(system, release, mach, version, mac_release) == expected


@pytest.mark.parametrize(
    ("mach", "bits"),
    [
        ("x86_64", 64),
        ("AMD64", 64),
        ("amd64", 64),
        ("arm64", 64),
        ("ARM64", 64),
        ("aarch64", 64),
        ("ppc64le", 64),
        ("s390x", 64),
        ("x86", 32),
        ("i386", 32),
        ("i686", 32),
        ("armv7l", 32),
        ("armv6l", 32),
    ],
)
def test_os_bits_known_machines(mach, bits):
    assert machine.os_bits(mach) == bits


def test_os_bits_unknown_machine_uses_the_fallback():
    assert machine.os_bits("weird", fallback=32) == 32
    assert machine.os_bits("", fallback=64) == 64
    assert machine.os_bits("weird") == (64 if sys.maxsize > 2**32 else 32)


def test_device_tag_of_this_machine_has_the_service_form():
    tag = machine.device_tag()
    assert re.fullmatch(r"[A-Za-z][A-Za-z0-9 .]*__(32|64)bits", tag), tag
    if sys.platform.startswith("linux"):
        assert tag.startswith("Linux__")


# ---------------------------------------------------------------- host id


def test_derive_host_id_is_the_py_machineid_hmac_truncated():
    # HMAC-SHA256 keyed with the machine id over the app key, first 32 hex digits.
    assert machine.derive_host_id("abc", "key") == (
        "9d28704fef5d80343e0414af684ab742"  # hmac.new(b"abc", b"key", sha256).hexdigest()[:32]
    )
    assert machine.derive_host_id("abc", "key") != machine.derive_host_id("abd", "key")
    assert machine.derive_host_id("abc", "key") != machine.derive_host_id("abc", "other")


def test_host_id_hides_the_raw_machine_id_and_is_stable():
    first = machine.host_id()
    assert HEX32.fullmatch(first)
    machine.host_id.cache_clear()
    assert machine.host_id() == first
    try:
        raw = machineid.id()
    except machineid.MachineIdNotFound:
        pytest.skip("no OS machine id here; the fallback is tested below")
    assert first == machineid.hashed_id(machine.APP_KEY)[:32]
    assert first == machine.derive_host_id(raw)
    assert raw.lower().replace("-", "")[:32] != first


def test_fallback_host_id_is_created_once_and_kept(tmp_path):
    folder = tmp_path / "data"
    first = machine.fallback_host_id(folder)
    assert HEX32.fullmatch(first)
    assert (folder / "host-id").read_text().strip() == first
    assert machine.fallback_host_id(folder) == first


def test_fallback_host_id_replaces_a_damaged_file(tmp_path):
    (tmp_path / "host-id").write_text("not an id")
    new = machine.fallback_host_id(tmp_path)
    assert HEX32.fullmatch(new)
    assert machine.fallback_host_id(tmp_path) == new


def test_fallback_host_id_survives_a_folder_that_cannot_exist(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    folder = blocker / "data"  # a folder below a regular file: mkdir fails, even as root
    first = machine.fallback_host_id(folder)
    assert HEX32.fullmatch(first)
    assert not folder.exists()


def test_host_id_without_a_machine_id_uses_the_data_folder(tmp_path, monkeypatch):
    def no_id(*_a, **_k):
        raise machineid.MachineIdNotFound("none here")

    monkeypatch.setattr(machineid, "id", no_id)
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(tmp_path))
    machine.host_id.cache_clear()
    try:
        value = machine.host_id()
        assert HEX32.fullmatch(value)
        assert (tmp_path / "host-id").read_text().strip() == value
        machine.host_id.cache_clear()
        assert machine.host_id() == value
    finally:
        machine.host_id.cache_clear()


@pytest.mark.parametrize("raw", [None, "", "   ", "uninitialized", "short"])
def test_unusable_machine_ids_are_ignored(raw):
    assert machine._usable_machine_id(raw) is None
