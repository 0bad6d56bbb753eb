"""``licensedesk-sandbox``: serve, demo, load, export, credentials create (docs/sandbox.md)."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from .. import __version__
from ..command_parser import CommandParser
from . import dataset
from .answers import FORMS
from .auth import hash_key, new_credentials
from .db import Database, stamp
from .demo import create_demo
from .faults import FaultPlan, parse_spec
from .logs import RedactingFormatter
from .protocol import default_limits
from .server import serve_forever


def _serve(options: argparse.Namespace) -> int:
    plan = FaultPlan()
    for spec in options.fault:
        try:
            fields = parse_spec(spec)
            plan.add(fields.pop("kind"), **fields)
        except ValueError as exc:
            print(f"licensedesk-sandbox: bad --fault {spec!r}: {exc}", file=sys.stderr)
            return 2
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logging.basicConfig(
        level=logging.INFO if options.verbose else logging.WARNING, handlers=[handler]
    )

    def announce(url: str) -> None:
        print(url, flush=True)

    bounds = default_limits(options.header_timeout, options.max_connections)
    serve_forever(
        options.db,
        options.host,
        options.port,
        options.latency_ms,
        plan,
        announce,
        bounds,
        options.validation_answers,
    )
    return 0


def _demo(options: argparse.Namespace) -> int:
    data = create_demo(options.db)
    if options.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    catalogue = data["catalogue"]
    print(f"Demo database written to {options.db}")
    print("Credentials:")
    for label, pair in catalogue["credentials"].items():
        print(f"  {label:<11} app_id={pair['app_id']}  api_key={pair['api_key']}")
    print("Serials:")
    for kind, serial in catalogue["serials"].items():
        print(f"  {kind:<25} {serial}")
    return 0


def _load(options: argparse.Namespace) -> int:
    try:
        data = json.loads(Path(options.file).read_text(encoding="utf-8"))
        dataset.load(options.db, data)
    except (OSError, ValueError) as exc:
        print(f"licensedesk-sandbox: cannot load {options.file}: {exc}", file=sys.stderr)
        return 2
    print(f"Loaded {options.file} into {options.db}")
    return 0


def _export(options: argparse.Namespace) -> int:
    print(json.dumps(dataset.export(options.db), indent=2, ensure_ascii=False))
    return 0


def _credentials_create(options: argparse.Namespace) -> int:
    if not (options.read or options.write):
        print("licensedesk-sandbox: give --read and/or --write", file=sys.stderr)
        return 2
    app_id, api_key = new_credentials()
    db = Database(options.db)
    try:
        with db.write() as conn:
            conn.execute(
                "INSERT INTO credentials (app_id, api_key_hash, can_read, can_write, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (app_id, hash_key(api_key), int(options.read), int(options.write), stamp()),
            )
    finally:
        db.close()
    if options.json:
        print(
            json.dumps(
                {"app_id": app_id, "api_key": api_key, "read": options.read, "write": options.write}
            )
        )
    else:
        print(f"app_id:  {app_id}\napi_key: {api_key}\n(the api_key is shown only this once)")
    return 0


def _positive(kind: type[int] | type[float]) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` above 0."""

    def parse(text: str) -> float:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its error message
    return parse


def parser() -> argparse.ArgumentParser:
    top = CommandParser(
        prog="licensedesk-sandbox",
        description="A real, persistent License Management Service /v2 for demos and tests.",
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = top.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve /v2 over HTTP; prints the URL first")
    serve.add_argument("--db", required=True, type=Path)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=0, help="0 picks a free port")
    serve.add_argument("--latency-ms", type=int, default=0, help="delay every response")
    serve.add_argument(
        "--fault",
        action="append",
        default=[],
        help="KIND[:path=/v2/...,method=POST,rate=0.5,times=3,retry_after=2|none,"
        "delay_ms=500] (repeatable)",
    )
    serve.add_argument(
        "--header-timeout",
        type=_positive(float),
        metavar="SECONDS",
        help="answer 408 and close when a request head has not arrived in "
        "this time, or its body in as long again (default 5)",
    )
    serve.add_argument(
        "--max-connections",
        type=_positive(int),
        metavar="N",
        help="open connections at most (default: below the file-descriptor limit, at most 1024)",
    )
    serve.add_argument(
        "--validation-answers",
        choices=FORMS,
        default="errors",
        help="how a validation that is not valid is answered: 'errors' (the "
        "live service's error bodies, the default) or 'data' (the earlier "
        "200 with data.message: expired, not_started...)",
    )
    serve.add_argument("-v", "--verbose", action="store_true", help="log every request")
    serve.set_defaults(run=_serve)

    demo = commands.add_parser("demo", help="create a fresh database with the demo dataset")
    demo.add_argument("--db", required=True, type=Path)
    demo.add_argument("--json", action="store_true", help="print the dataset and catalogue")
    demo.set_defaults(run=_demo)

    load = commands.add_parser("load", help="replace the database's content with a dataset")
    load.add_argument("--db", required=True, type=Path)
    load.add_argument("file", type=Path)
    load.set_defaults(run=_load)

    export = commands.add_parser("export", help="print the database as a dataset (JSON)")
    export.add_argument("--db", required=True, type=Path)
    export.set_defaults(run=_export)

    credentials = commands.add_parser("credentials", help="manage credential pairs")
    actions = credentials.add_subparsers(dest="action", required=True)
    create = actions.add_parser("create", help="create a pair; prints the api_key once")
    create.add_argument("--db", required=True, type=Path)
    create.add_argument("--read", action="store_true")
    create.add_argument("--write", action="store_true")
    create.add_argument("--json", action="store_true")
    create.set_defaults(run=_credentials_create)
    return top


def main(argv: list[str] | None = None) -> int:
    options = parser().parse_args(argv)
    try:
        return options.run(options)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
