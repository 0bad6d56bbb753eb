"""host_id and device_tag: the pure mapping functions, plus this machine."""

from __future__ import annotations

import re
import sys

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


def test_derive_host_id_is_the_keyed_hmac_truncated():
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
    raw = machine.os_machine_id()
    if raw is None:
        pytest.skip("no OS machine id here; the fallback is tested below")
    assert first == machine.derive_host_id(raw)
    assert raw.lower().replace("-", "")[:32] != first


def test_linux_reads_its_machine_id_files_in_order():
    dbus_id, etc_id = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"
    files = {"/var/lib/dbus/machine-id": dbus_id + "\n", "/etc/machine-id": etc_id + "\n"}
    assert machine.os_machine_id("linux", read_file=files.get) == dbus_id
    del files["/var/lib/dbus/machine-id"]
    assert machine.os_machine_id("linux", read_file=files.get) == etc_id
    files["/etc/machine-id"] = "uninitialized\n"  # systemd's early-boot placeholder
    assert machine.os_machine_id("linux", read_file=files.get) is None


def test_this_linux_machine_id_is_the_file_content():
    if not sys.platform.startswith("linux"):
        pytest.skip("Linux's branch on Linux")
    for path in machine.UNIX_ID_FILES:
        try:
            text = open(path, encoding="ascii").read().strip()  # noqa: SIM115
        except OSError:
            continue
        if text:
            assert machine.os_machine_id() == text
            return
    pytest.skip("no machine-id file here")


def test_the_bsds_read_etc_hostid():
    files = {"/etc/hostid": "4c4c4544-0042-3010-8050-b4c04f4e3332\n"}
    assert machine.os_machine_id("freebsd14", read_file=files.get) == (
        "4c4c4544-0042-3010-8050-b4c04f4e3332"
    )


#: what `ioreg -rd1 -c IOPlatformExpertDevice` prints on a Mac (an M2, trimmed)
IOREG_OUTPUT = """\
+-o J413AP  <class IOPlatformExpertDevice, id 0x100000206, registered, matched, active, busy 0 (140839 ms), retain 37>
    {
      "IOPolledInterface" = "AppleARMWatchdogTimerHibernateHandler is not serializable"
      "#address-cells" = <02000000>
      "IOPlatformSerialNumber" = "C02XL0GSJGH6"
      "IOPlatformUUID" = "8E3A1C4B-7D2F-5A91-B6C0-3F9E2D8A7B15"
      "manufacturer" = <"Apple Inc.">
      "IOConsoleSecurityInterest" = "IOCommand is not serializable"
      "model" = <"Mac14,2">
    }
"""


def test_macos_takes_the_platform_uuid_from_ioreg():
    asked: list[tuple[str, ...]] = []

    def run(command):
        asked.append(command)
        return IOREG_OUTPUT

    raw = machine.os_machine_id("darwin", run=run)
    assert raw == "8E3A1C4B-7D2F-5A91-B6C0-3F9E2D8A7B15"
    assert asked == [("ioreg", "-rd1", "-c", "IOPlatformExpertDevice")]
    assert machine.derive_host_id(raw) == machine.derive_host_id(
        "8E3A1C4B-7D2F-5A91-B6C0-3F9E2D8A7B15"
    )


@pytest.mark.parametrize("answer", [None, "", "+-o Root  <class IORegistryEntry>\n"])
def test_macos_without_an_answer_has_no_machine_id(answer):
    assert machine.os_machine_id("darwin", run=lambda _command: answer) is None


def test_windows_takes_machine_guid_from_the_registry():
    asked: list[tuple[str, str]] = []

    def registry(key, value):
        asked.append((key, value))
        return "5f1c6e2a-9b3d-4c8e-a7f0-2d4b6c8e0a13"

    raw = machine.os_machine_id("win32", registry=registry, run=pytest.fail)
    assert raw == "5f1c6e2a-9b3d-4c8e-a7f0-2d4b6c8e0a13"
    assert asked == [(r"SOFTWARE\Microsoft\Cryptography", "MachineGuid")]


def test_windows_without_machine_guid_has_no_machine_id():
    assert machine.os_machine_id("win32", registry=lambda _k, _v: None) is None


def test_the_registry_reader_answers_none_off_windows():
    if sys.platform == "win32":
        pytest.skip("the registry is there")
    assert machine._registry_value(machine.WINDOWS_KEY, machine.WINDOWS_VALUE) is None


def test_the_same_machine_id_gives_the_same_host_id_on_each_os():
    """One keyed hash for every branch: the id is cleaned as py-machineid cleaned it
    (whitespace and control characters out), so a host id made before stays."""
    guid = "5F1C6E2A-9B3D-4C8E-A7F0-2D4B6C8E0A13"
    linux = machine.os_machine_id("linux", read_file=lambda _p: f" {guid}\r\n")
    mac = machine.os_machine_id("darwin", run=lambda _c: f'  "IOPlatformUUID" = "{guid}"\n')
    windows = machine.os_machine_id("win32", registry=lambda _k, _v: f"{guid}\x00")
    assert linux == mac == windows == guid


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
    monkeypatch.setattr(machine, "os_machine_id", lambda *_a, **_k: None)
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
