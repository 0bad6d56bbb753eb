"""This machine, as the service sees it: ``host_id()`` and ``device_tag()``.

``host_id()`` is 32 lowercase hex digits: the first half of an HMAC-SHA256 keyed
with the OS machine id over the application key :data:`APP_KEY` (the same value as
py-machineid's ``hashed_id(APP_KEY)[:32]``, which this module used before), so the raw
machine id never leaves the machine and other applications get a different value for
the same machine. The OS machine id is read by :func:`os_machine_id`, one branch per
OS, each from the OS's own record:

- Linux (and other Unix with systemd or D-Bus): ``/var/lib/dbus/machine-id``, else
  ``/etc/machine-id`` (the same id where both exist); the BSDs: ``/etc/hostid``;
- macOS: the ``IOPlatformUUID`` of ``ioreg -rd1 -c IOPlatformExpertDevice``;
- Windows: the registry value ``MachineGuid`` of
  ``HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography`` (64-bit view), read with
  the standard ``winreg``. py-machineid read it only with the optional ``winregistry``
  package installed, and otherwise took the firmware's UUID from a PowerShell child
  process: another id, and a second's start-up.

Each branch takes the OS's answer from a callable it is given, so a test runs the
macOS and Windows branches here with an ``ioreg`` output or a registry value.

When no machine id can be read (minimal containers, locked-down systems), a
random 32-hex id is created once and kept in ``host-id`` in the application's
data folder (``platformdirs.user_data_dir("licensedesk")``, or
``$LICENSEDESK_DATA_DIR``). If even that folder cannot be written, the id is
random for this process only. ``host_id()`` never raises.

``device_tag()`` is the operating system and the bit width of the OS joined by
``__``, in the form the service's own examples use: ``Windows 10__64bits``,
``Windows 11__64bits``, ``macOS 14__64bits``, ``Linux__64bits``.
The pure functions :func:`derive_host_id`, :func:`os_name` and :func:`os_bits`
take their inputs as arguments, so they can be tested for every platform.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import os
import platform
import re
import secrets
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "APP_KEY",
    "derive_host_id",
    "device_tag",
    "device_tag_for",
    "fallback_host_id",
    "host_id",
    "ioreg_platform_uuid",
    "os_bits",
    "os_machine_id",
    "os_name",
]

log = logging.getLogger(__name__)

#: The application key of the HMAC. Changing it changes every host_id, which
#: would make every machine look new to the service: never change it.
APP_KEY = "licensedesk.host_id.v1"

HOST_ID_FILE = "host-id"
_HEX32 = re.compile(r"[0-9a-f]{32}")
_NOT_IN_AN_ID = re.compile(r"[\x00-\x1f\x7f-\x9f\s]")

# ---------------------------------------------------------------- host_id


def derive_host_id(machine_id: str, app_key: str = APP_KEY) -> str:
    """The 32-hex host id for a raw OS machine id (as py-machineid's ``hashed_id``)."""
    digest = hmac.new(machine_id.encode(), app_key.encode(), hashlib.sha256).hexdigest()
    return digest[:32]


def _usable_machine_id(raw: str | None) -> str | None:
    if raw is None:
        return None
    text = _NOT_IN_AN_ID.sub("", raw)  # as py-machineid cleaned it: the same host id
    # systemd writes "uninitialized" into /etc/machine-id during early boot.
    if len(text) < 8 or text.lower() == "uninitialized":
        return None
    return text


#: where Windows keeps its MachineGuid (under HKEY_LOCAL_MACHINE)
WINDOWS_KEY = r"SOFTWARE\Microsoft\Cryptography"
WINDOWS_VALUE = "MachineGuid"
#: the files of the Unix machine ids, in the order read (py-machineid's order)
UNIX_ID_FILES = ("/var/lib/dbus/machine-id", "/etc/machine-id")
BSD_ID_FILES = ("/etc/hostid",)
IOREG_COMMAND = ("ioreg", "-rd1", "-c", "IOPlatformExpertDevice")
_IOREG_UUID = re.compile(r'"IOPlatformUUID"\s*=\s*"([^"]+)"')
#: how long ``ioreg`` may take (it answers in milliseconds)
IOREG_TIMEOUT = 5.0


def _read_text(path: str) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as fh:
            return fh.read(256)
    except OSError:
        return None


def _run(command: tuple[str, ...]) -> str | None:
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=IOREG_TIMEOUT, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def _registry_value(key: str, value: str) -> str | None:
    """A string value under HKEY_LOCAL_MACHINE, from the 64-bit view (a 32-bit Python
    on 64-bit Windows would read the redirected one); None off Windows or when absent."""
    try:
        import winreg
    except ImportError:
        return None
    access = winreg.KEY_READ | winreg.KEY_WOW64_64KEY
    try:
        with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, key, 0, access) as handle:
            data, kind = winreg.QueryValueEx(handle, value)
    except OSError:
        return None
    return data if kind == winreg.REG_SZ and isinstance(data, str) else None


def ioreg_platform_uuid(output: str) -> str | None:
    """The ``IOPlatformUUID`` in ``ioreg``'s listing of the platform expert device."""
    found = _IOREG_UUID.search(output or "")
    return found.group(1) if found else None


def os_machine_id(
    platform_name: str = sys.platform,
    *,
    read_file: Callable[[str], str | None] = _read_text,
    run: Callable[[tuple[str, ...]], str | None] = _run,
    registry: Callable[[str, str], str | None] = _registry_value,
) -> str | None:
    """The OS's own machine id (``platform_name`` as ``sys.platform`` says it), or None
    when it has none that can be used. The OS is asked through ``read_file``,
    ``run`` and ``registry``, which a test replaces with the OS's answers."""
    if platform_name == "win32":
        return _usable_machine_id(registry(WINDOWS_KEY, WINDOWS_VALUE))
    if platform_name == "darwin":
        return _usable_machine_id(ioreg_platform_uuid(run(IOREG_COMMAND) or ""))
    files = BSD_ID_FILES if "bsd" in platform_name else UNIX_ID_FILES
    for path in files:
        found = _usable_machine_id(read_file(path))
        if found is not None:
            return found
    return None


def data_dir() -> Path:
    """The application's data folder (``$LICENSEDESK_DATA_DIR`` wins)."""
    override = os.environ.get("LICENSEDESK_DATA_DIR")
    if override:
        return Path(override)
    from licensedesk.paths import app_dir

    return app_dir("data")


def fallback_host_id(folder: Path) -> str:
    """A random id kept in ``folder/host-id``; random per process if it cannot be kept."""
    path = folder / HOST_ID_FILE
    try:
        stored = path.read_text(encoding="ascii").strip().lower()
        if _HEX32.fullmatch(stored):
            return stored
    except (OSError, UnicodeDecodeError):
        pass
    new_id = secrets.token_hex(16)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        from licensedesk.paths import replace_file

        replace_file(path, new_id + "\n")
    except OSError as exc:
        log.warning("Could not keep the host id in %s (%s); it is random for this run.", path, exc)
    return new_id


@functools.cache
def host_id() -> str:
    """This machine's 32-hex host id; stable across runs and restarts. Never raises."""
    machine_id = os_machine_id()
    if machine_id is not None:
        return derive_host_id(machine_id)
    log.info("No OS machine id; using the stored fallback host id.")
    return fallback_host_id(data_dir())


# ---------------------------------------------------------------- device_tag

_64BIT_MACHINES = {
    "x86_64",
    "amd64",
    "x64",
    "em64t",
    "arm64",
    "aarch64",
    "aarch64_be",
    "armv8l",
    "ppc64",
    "ppc64le",
    "s390x",
    "riscv64",
    "loongarch64",
    "mips64",
    "sparc64",
    "ia64",
}
_32BIT_MACHINES = {
    "x86",
    "i386",
    "i486",
    "i586",
    "i686",
    "i86pc",
    "arm",
    "armv6l",
    "armv7l",
    "armv7",
    "ppc",
    "powerpc",
    "s390",
    "mips",
    "riscv32",
}


def os_bits(machine: str, fallback: int | None = None) -> int:
    """Bit width of the OS from ``platform.machine()`` (x86_64/AMD64/arm64/aarch64 → 64).

    ``fallback`` is used for an unknown machine string (defaults to the width of
    this Python, which is the best guess left).
    """
    m = machine.strip().lower()
    if m in _64BIT_MACHINES or m.endswith("64"):
        return 64
    if m in _32BIT_MACHINES:
        return 32
    if fallback is not None:
        return fallback
    return 64 if sys.maxsize > 2**32 else 32


def _windows_build(version: str) -> int | None:
    # platform.version() on Windows: "10.0.22631"; the build is the third part.
    parts = version.strip().split(".")
    if len(parts) >= 3 and parts[2].isdigit():
        return int(parts[2])
    return None


def os_name(system: str, release: str = "", version: str = "", mac_release: str = "") -> str:
    """The service's OS name: ``Windows 10``, ``Windows 11``, ``macOS 14``, ``Linux``.

    ``system``/``release``/``version`` as from ``platform.system()``,
    ``platform.release()``, ``platform.version()``; ``mac_release`` from
    ``platform.mac_ver()[0]``. Windows 11 reports release "10" with a build of
    22000 or later.
    """
    sysname = system.strip()
    if sysname == "Windows":
        rel = release.strip()
        build = _windows_build(version)
        if rel == "10" and build is not None and build >= 22000:
            rel = "11"
        return f"Windows {rel}" if rel else "Windows"
    if sysname == "Darwin":
        parts = mac_release.strip().split(".")
        if not parts[0]:
            return "macOS"
        # macOS 11 and later are named by their major version; 10.x by two parts.
        if parts[0] == "10" and len(parts) > 1:
            return f"macOS 10.{parts[1]}"
        return f"macOS {parts[0]}"
    if sysname == "Linux":
        return "Linux"
    return sysname or "Unknown"


def device_tag_for(
    system: str,
    release: str,
    machine: str,
    version: str = "",
    mac_release: str = "",
    fallback_bits: int | None = None,
) -> str:
    """The device tag for the given platform facts, e.g. ``Windows 11__64bits``."""
    bits = os_bits(machine, fallback_bits)
    return f"{os_name(system, release, version, mac_release)}__{bits}bits"


@functools.cache
def device_tag() -> str:
    """This machine's device tag, e.g. ``Linux__64bits``."""
    mac_release = platform.mac_ver()[0] if sys.platform == "darwin" else ""
    return device_tag_for(
        platform.system(),
        platform.release(),
        platform.machine(),
        platform.version(),
        mac_release,
    )
