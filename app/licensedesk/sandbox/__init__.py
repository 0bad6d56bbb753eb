"""The sandbox: a real, persistent implementation of the License Management Service /v2.

Starlette + uvicorn + SQLite. It shares no code with the client (``licensedesk.api``),
so a contract test can catch a mistake on either side of the wire. See docs/sandbox.md.
"""
