"""``SecretStore``: api_keys in the OS keyring, or in memory for this session only.

One keyring entry per profile and credential pair: service ``licensedesk``,
user name ``"<profile>:<pair>"`` with pair ``read`` or ``write``.

The backend is the one ``keyring`` picks (or one given for tests). Backends
that do not keep a secret safely are refused, and the store then keeps keys in
memory only, for this session, and says so once in :attr:`SecretStore.warning`
(the window's sentence: it asks for the keys again at the next start); the bare
reason is :attr:`SecretStore.reason`, for front ends that say it their own way
(the CLI asks for nothing and names its environment variables instead):

- keyring's *fail* backend (no keyring at all), its *null* backend, a chainer
  with nothing to chain;
- plain-text file keyrings (``keyrings.alt``'s ``PlaintextKeyring`` and the other
  file keyrings of ``keyrings.alt.file``, which either store clear text or ask
  for a password on the terminal).

A keyring that fails when used (a locked Secret Service whose unlock prompt is
dismissed, D-Bus gone) is a sentence in :attr:`SecretStore.warning` too, never
a traceback; from then on the store is memory-only for the session.
"""

from __future__ import annotations

import logging
import threading

import keyring
import keyring.backend
import keyring.errors

from licensedesk.i18n import N_, _

__all__ = ["PAIRS", "SERVICE", "SecretStore", "SecretStoreError", "describe_backend"]

log = logging.getLogger(__name__)

SERVICE = "licensedesk"
PAIRS = ("read", "write")

#: names for people (marked: :func:`describe_backend` translates them; "Windows Credential
#: Manager" has a name of its own in each language)
_DESCRIPTIONS = {
    "keyring.backends.SecretService.Keyring": N_(
        "Secret Service keyring (GNOME Keyring or compatible)"
    ),
    "keyring.backends.libsecret.Keyring": N_(
        "Secret Service keyring via libsecret (GNOME Keyring or compatible)"
    ),
    "keyring.backends.kwallet.DBusKeyring": N_("KDE Wallet"),
    "keyring.backends.kwallet.DBusKeyringKWallet4": N_("KDE Wallet 4"),
    "keyring.backends.macOS.Keyring": N_("macOS Keychain"),
    "keyring.backends.Windows.WinVaultKeyring": N_("Windows Credential Manager"),
}


class SecretStoreError(Exception):
    """A secret could not be used; ``str()`` is a sentence for a person (language in use)."""


def _qualname(backend: object) -> str:
    cls = type(backend)
    return f"{cls.__module__}.{cls.__name__}"


def _is_unsafe(backend: keyring.backend.KeyringBackend) -> str | None:
    """Why a backend must not hold api_keys, or None when it may."""
    from keyring.backends import chainer, fail, null

    if isinstance(backend, fail.Keyring):
        return _("no OS keyring is available")
    if isinstance(backend, null.Keyring):
        return _("the keyring is switched off (null backend)")
    if isinstance(backend, chainer.ChainerBackend):
        return None  # judged by what it chains, see _resolve
    module = type(backend).__module__
    name = type(backend).__name__
    if "plaintext" in name.lower() or module.startswith("keyrings.alt.file"):
        return _("the configured keyring ({name}) keeps secrets in a plain file").format(name=name)
    return None


def _resolve(
    backend: keyring.backend.KeyringBackend,
) -> tuple[keyring.backend.KeyringBackend | None, str | None]:
    """The backend to use (None: memory only) and, if none, why not."""
    from keyring.backends import chainer

    if isinstance(backend, chainer.ChainerBackend):
        reasons = []
        for candidate in backend.backends:
            why = _is_unsafe(candidate)
            if why is None:
                return candidate, None
            reasons.append(why)
        return None, reasons[0] if reasons else _("no OS keyring is available")
    why = _is_unsafe(backend)
    return (None, why) if why else (backend, None)


def describe_backend(backend: keyring.backend.KeyringBackend) -> str:
    """A plain name for a keyring backend: "macOS Keychain", "Windows Credential Manager"…"""
    name = _DESCRIPTIONS.get(_qualname(backend))
    return _(name) if name is not None else type(backend).__name__


def _check_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip() or ":" in name:
        raise ValueError(f"a secret's name must be non-empty and hold no ':', not {name!r}")
    return name.strip()


def _check_pair(profile_name: str, pair: str) -> str:
    if pair not in PAIRS:
        raise ValueError(f"pair must be 'read' or 'write', not {pair!r}")
    if not isinstance(profile_name, str) or not profile_name.strip():
        raise ValueError("profile_name must be a non-empty string")
    return f"{profile_name.strip()}:{pair}"


class SecretStore:
    """api_keys of profiles: ``get``/``set``/``delete`` by profile name and pair.

    ``backend``: a ``keyring`` backend to use instead of the one keyring picks
    (tests pass an in-memory one). ``service``: the keyring service name.
    """

    def __init__(
        self,
        backend: keyring.backend.KeyringBackend | None = None,
        *,
        service: str = SERVICE,
    ) -> None:
        self._service = service
        self._memory: dict[str, str] = {}
        self._lock = threading.Lock()
        self._warning: str | None = None
        self._reason: str | None = None
        try:
            chosen = backend if backend is not None else keyring.get_keyring()
        except Exception as exc:  # a broken keyring configuration file
            self._backend, why = (
                None,
                _("the keyring could not be loaded ({problem})").format(problem=exc),
            )
        else:
            self._backend, why = _resolve(chosen)
        self._description = describe_backend(self._backend) if self._backend else None
        if self._backend is None:
            self._go_memory_only(why or _("no OS keyring is available"))

    # ------------------------------------------------------------ state

    @property
    def persistent(self) -> bool:
        """True when keys go to the OS keyring; False: memory only, this session."""
        return self._backend is not None

    @property
    def backend_name(self) -> str | None:
        """The keyring backend in use as a class path (``keyring.backends.macOS.Keyring``),
        the same in every language, for the log; None when keys are memory-only."""
        return _qualname(self._backend) if self._backend is not None else None

    @property
    def backend_description(self) -> str:
        """Where keys go, in words: "macOS Keychain", "memory only (this session)"…"""
        if self._backend is None:
            return _("memory only (this session)")
        return self._description or type(self._backend).__name__

    @property
    def warning(self) -> str | None:
        """One sentence when keys are not kept across sessions; None when all is well."""
        return self._warning

    @property
    def reason(self) -> str | None:
        """Why keys are not kept in the OS keyring ("no OS keyring is available"), as a
        clause in lower case; None when they are."""
        return self._reason

    def _go_memory_only(self, why: str) -> None:
        if self._backend is not None:
            log.warning("Keyring %s failed: %s; keeping keys in memory", self._description, why)
        self._backend = None
        if self._warning is None:
            self._reason = why
            # TRANSLATORS: {reason} says why, e.g. "no OS keyring is available"
            self._warning = _(
                "API keys are kept in memory for this session only: {reason}. "
                "They will be asked for again next time; nothing is written to disk."
            ).format(reason=why)

    # ------------------------------------------------------------ api

    def get(self, profile_name: str, pair: str) -> str | None:
        """The api_key of a profile's pair, or None when there is none."""
        return self._get(_check_pair(profile_name, pair))

    def _get(self, user: str) -> str | None:
        with self._lock:
            if user in self._memory:
                return self._memory[user]
            if self._backend is None:
                return None
            try:
                return self._backend.get_password(self._service, user)
            except Exception as exc:
                self._go_memory_only(_reason(exc, self._description))
                return None

    def set(self, profile_name: str, pair: str, api_key: str) -> bool:
        """Keep an api_key. Returns True when it went to the OS keyring, False: memory only."""
        user = _check_pair(profile_name, pair)
        if not isinstance(api_key, str) or not api_key.strip():
            raise SecretStoreError(_("The API key is empty."))  # as api.config says it
        return self._set(user, api_key.strip())

    def _set(self, user: str, api_key: str) -> bool:
        with self._lock:
            if self._backend is not None:
                try:
                    self._backend.set_password(self._service, user, api_key)
                    self._memory.pop(user, None)
                    return True
                except Exception as exc:
                    self._go_memory_only(_reason(exc, self._description))
            self._memory[user] = api_key
            return False

    def delete(self, profile_name: str, pair: str) -> None:
        """Forget an api_key (no error when there is none)."""
        self._delete(_check_pair(profile_name, pair))

    def _delete(self, user: str) -> None:
        with self._lock:
            self._memory.pop(user, None)
            if self._backend is None:
                return
            try:
                self._backend.delete_password(self._service, user)
            except keyring.errors.PasswordDeleteError:
                pass  # nothing stored
            except Exception as exc:
                self._go_memory_only(_reason(exc, self._description))

    # Secrets that belong to no profile (the team history database's password: entry
    # "history-team"). A name holds no ':' so it can never meet a profile's "<name>:<pair>".

    def get_named(self, name: str) -> str | None:
        """A secret kept under ``name`` (no ':'), or None."""
        return self._get(_check_name(name))

    def set_named(self, name: str, secret: str) -> bool:
        """Keep a secret under ``name``; True when it went to the OS keyring."""
        if not isinstance(secret, str) or not secret:
            raise SecretStoreError(_("The secret is empty."))
        return self._set(_check_name(name), secret)

    def delete_named(self, name: str) -> None:
        self._delete(_check_name(name))

    def delete_profile(self, profile_name: str) -> None:
        """Forget both keys of a profile."""
        for pair in PAIRS:
            self.delete(profile_name, pair)

    def has(self, profile_name: str, pair: str) -> bool:
        return self.get(profile_name, pair) is not None

    def __repr__(self) -> str:
        return f"<SecretStore {self.backend_description}>"


def _reason(exc: BaseException, description: str | None) -> str:
    """Why a keyring that was in use failed, as a clause in lower case (no full stop)."""
    where = description or _("the keyring")
    if isinstance(exc, keyring.errors.KeyringLocked):
        # TRANSLATORS: {keyring} is the keyring's name ("KDE Wallet"), or "the keyring"
        return _("{keyring} is locked and was not unlocked").format(keyring=where)
    if isinstance(exc, keyring.errors.InitError):
        return _("{keyring} could not be opened").format(keyring=where)
    text = str(exc).strip()
    name = type(exc).__name__
    if "dbus" in type(exc).__module__.lower() or "jeepney" in type(exc).__module__.lower():
        return _("{keyring} is not reachable over D-Bus ({problem})").format(
            keyring=where, problem=text or name
        )
    return _("{keyring} failed ({problem})").format(keyring=where, problem=text or name)
