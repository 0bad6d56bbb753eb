"""License Desk: a desktop client for the License Management Service /v2 API.

Layers (see DESIGN.md): ``api`` and ``profiles`` know nothing of Qt widgets,
``sandbox`` is the other side of the wire and shares no code with the client,
``ui`` sits on top of both client layers.
"""

__version__ = "0.1.0"
APP_NAME = "License Desk"
APP_ID = "licensedesk"
