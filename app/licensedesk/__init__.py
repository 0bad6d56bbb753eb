"""License Desk: a desktop client for the License Management Service /v2 API.

Layers (see DESIGN.md): ``api`` and ``profiles`` know nothing of Qt widgets,
``sandbox`` is the other side of the wire and shares no code with the client,
``ui`` sits on top of both client layers.

``__version__`` has one source, ``version`` in pyproject.toml: it is read from the
installed package's metadata the first time someone asks for it (PEP 562), so
importing the package costs nothing and ``licensedesk-cli --version`` stays fast.
"""

APP_NAME = "License Desk"
APP_ID = "licensedesk"


def __getattr__(name: str) -> str:
    if name == "__version__":
        from .version import read_version

        version = read_version()
        globals()["__version__"] = version  # asked once per process
        return version
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
