"""Made-up licences for the book benchmark: a team's book, 10 desks, names from many
languages (accents and all), e-mails, SKUs, dealers and 0-5 host IDs each.

Deterministic (one seed per chunk, so chunks can be made in parallel and the same N
always gives the same book). A few planted licences (:data:`NEEDLE_EVERY`) carry the
rare name, e-mail and host ID the benchmark looks for: how many there are grows with
the book, as a real rare customer's would not, but stays a handful.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from licensedesk.book.folding import fold
from licensedesk.book.sighting import Device, ProductSeats, Sighting

FIRST = (
    "María",
    "José",
    "Ana",
    "João",
    "François",
    "Zoë",
    "Jürgen",
    "Søren",
    "Björn",
    "Łukasz",
    "Wojciech",
    "Agnieszka",
    "Jiří",
    "Tomáš",
    "Çağla",
    "Şebnem",
    "Émilie",
    "Hélène",
    "Ólafur",
    "Sigríður",
    "Mónica",
    "Iñaki",
    "Nuño",
    "Ängla",
    "Åsa",
    "Gérard",
    "Maëlle",
    "Noémie",
    "Bjørn",
    "Dóra",
    "Ilse",
    "Krisztián",
    "Zsófia",
    "Ştefan",
    "Dragoș",
    "Milošević",
    "Ioana",
    "Luís",
    "Inês",
    "Conceição",
    "Aiko",
    "Hiroshi",
    "Yūki",
    "Nguyễn",
    "Thảo",
    "Priya",
    "Arjun",
    "Mehmet",
    "Ayşe",
    "Fatma",
    "Olga",
    "Dmitri",
    "Anja",
    "Kai",
    "Lena",
    "Paul",
    "Peter",
    "Anna",
    "Maria",
    "Jan",
    "Eva",
    "Sofía",
    "Lucía",
    "Martín",
    "Mateo",
    "Chloé",
    "Léa",
    "Lukas",
    "Jonas",
    "Mia",
    "Emma",
    "Noah",
    "Liam",
    "Olivia",
    "Ana Sofía",
    "Marie-Thérèse",
    "Jean-Pierre",
    "Ævar",
    "Þóra",
    "Michał",
    "Paweł",
    "Zbigniew",
    "Kateřina",
    "Vojtěch",
    "Renée",
)
LAST = (
    "Jensen",
    "Jénsen",
    "Olsen",
    "Silva",
    "Lima",
    "Santos",
    "Oliveira",
    "Müller",
    "Schäfer",
    "Größer",
    "Weiß",
    "Fernández",
    "García",
    "Núñez",
    "Muñoz",
    "López",
    "Dubois",
    "Lefèvre",
    "Bérénger",
    "Château",
    "Kowalski",
    "Wiśniewski",
    "Wójcik",
    "Dvořák",
    "Novák",
    "Procházka",
    "Svoboda",
    "Yılmaz",
    "Öztürk",
    "Çelik",
    "Şahin",
    "Sigurðsson",
    "Jónsdóttir",
    "Þórsson",
    "Åberg",
    "Ångström",
    "Lindqvist",
    "Nyström",
    "Hansen",
    "Sørensen",
    "Kovács",
    "Szabó",
    "Tóth",
    "Popescu",
    "Ionescu",
    "Tanaka",
    "Satō",
    "Itō",
    "Trần",
    "Lê",
    "Phạm",
    "Raman",
    "Sharma",
    "Ivanova",
    "Petrov",
    "O'Brien",
    "MacLeod",
    "Smith",
    "Johnson",
    "Brown",
    "Rossi",
    "Bianchi",
    "Ferrari",
    "Costa",
    "Pereira",
    "Gonçalves",
    "Martins",
    "De la Cruz",
    "Van der Berg",
    "Janssen",
    "De Vries",
    "Bakker",
    "Peeters",
    "Nielsen",
    "Larsen",
    "Virtanen",
    "Mäkinen",
    "Nieminen",
    "Hämäläinen",
    "Papadopoulos",
    "Kaya",
    "Demir",
    "Horvat",
    "Kovačević",
)
COMPANY = (
    "GmbH",
    "AG",
    "SARL",
    "S.A.",
    "S.L.",
    "Ltd",
    "AB",
    "ApS",
    "Oy",
    "s.r.o.",
    "Sp. z o.o.",
    "Kft.",
    "Srl",
    "BV",
    "Inc.",
)
WORDS = (
    "Studio",
    "Ton",
    "Klang",
    "Sonido",
    "Son",
    "Audio",
    "Musik",
    "Média",
    "Produções",
    "Bühne",
    "Ljud",
    "Dźwięk",
    "Zvuk",
    "Hang",
    "Ses",
    "Lyd",
    "Ääni",
    "Suono",
)
PRODUCTS = (
    ("Studio Pro", "SP-100"),
    ("Studio Essentials", "SE-200"),
    ("Studio Pro Effects Pack", "SP-FX"),
    ("Mixer Suite", "MX-300"),
    ("Mastering Bundle", "MB-410"),
    ("Studio Pro Trial", "SP-2024-TRIAL"),
    ("Studio Pro Subscription", "SP-2024-SUB"),
    ("Broadcast Kit", "BK-520"),
    ("Sampler One", "S1-600"),
    ("Voice Tools", "VT-710"),
)
DEALERS = (
    "Nordic Reseller",
    "Distribuidora Ibérica",
    "Müller Software Vertrieb",
    "Audio Pro Polska",
    "Société Générale du Son",
    "Ljudbutiken AB",
    "Soft&Sound Kft.",
    "Brasil Áudio Ltda",
    "Tokyo Sound KK",
    "Česká Hudba s.r.o.",
    "Türk Ses Ltd",
    "Hellas Audio",
    "Benelux Media BV",
    "Direct",
    "Studio Depot",
    "Suomen Ääni Oy",
)
DOMAINS = (
    "mail",
    "post",
    "web",
    "acme",
    "studio",
    "musik",
    "correo",
    "poczta",
    "posta",
    "sapo",
    "gmx",
    "free",
    "orange",
    "telia",
    "seznam",
    "yandex",
    "uni-wien",
)
PROFILES = tuple(f"desk-{i:02d}" for i in range(1, 11))
SERVICES = ("https://licences.example.com", "https://eu.licences.example.com")
TYPES = ("perpetual", "subscription", "trial", "education")
TAGS = ("Windows 11__64bits", "macOS 14", "Ubuntu 24.04", "lab-pc", "studio-mac")
_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CHUNK = 10_000
START = datetime(2024, 11, 27, tzinfo=UTC)
SPAN = int(timedelta(days=730).total_seconds())

#: one planted licence every NEEDLE_EVERY (the first at index NEEDLE_AT)
NEEDLE_EVERY = 250_000
NEEDLE_AT = 4_321
NEEDLE_NAME = "Wąsowska-Ægirsdóttir"
NEEDLE_EMAIL_HOST = "fjordvik.example"
NEEDLE_HOST = "9f3b1c0e7a"  # the start of the first host ID of each planted licence


def serial_of(index: int) -> str:
    """The serial of licence ``index`` (unique: the index is in it)."""
    rng = random.Random(index * 7919 + 17)
    head = "".join(rng.choice(_CHARS) for _ in range(12))
    scrambled = (index * 48_271 + 12_345) % 100_000_000  # one-to-one below 10^8
    tail = f"{scrambled:08d}".translate(str.maketrans("0123456789", "7KM3QW9XR4"))
    return "-".join((head[:4], head[4:8], head[8:12], tail[:4], tail[4:]))


def _host(rng: random.Random) -> str:
    return f"{rng.getrandbits(128):032x}"


def licence(index: int, rng: random.Random) -> Sighting:
    """Licence ``index`` as a desk saw it."""
    planted = index % NEEDLE_EVERY == NEEDLE_AT
    first = rng.choice(FIRST)
    last = NEEDLE_NAME if planted else rng.choice(LAST)
    company = rng.random() < 0.2
    name = f"{rng.choice(WORDS)} {last} {rng.choice(COMPANY)}" if company else f"{first} {last}"
    local = fold(name if company else f"{first}.{last}").replace(" ", ".").replace("'", "")
    domain = NEEDLE_EMAIL_HOST if planted else f"{rng.choice(DOMAINS)}.example"
    email = f"{local}{rng.randrange(100) if rng.random() < 0.3 else ''}@{domain}"
    when = START + timedelta(seconds=rng.randrange(SPAN))
    made = when - timedelta(days=rng.randrange(1, 900))
    bought = rng.sample(PRODUCTS, rng.choice((1, 1, 1, 2)))
    products = tuple(
        ProductSeats(name=p, maximum=rng.choice((1, 2, 3, 5, None)), id=i + 1)
        for i, (p, _n) in enumerate(bought)
    )
    devices = tuple(
        Device(
            host_id=(NEEDLE_HOST + _host(rng)[10:]) if planted and d == 0 else _host(rng),
            tag=rng.choice(TAGS),
            product=bought[0][0],
            product_id=1,
            activated=rng.random() < 0.8,
            created_at=made,
            updated_at=made,
        )
        for d in range(rng.choice((0, 1, 1, 2, 2, 3, 4, 5)))
    )
    kind = rng.choice(TYPES)
    return Sighting(
        serial=serial_of(index),
        service=SERVICES[rng.random() < 0.1],
        profile=PROFILES[rng.randrange(len(PROFILES))],
        seen_at=when,
        licensee=name,
        email=email,
        sku_name=bought[0][0],
        sku_number=bought[0][1],
        dealer=None if rng.random() < 0.3 else rng.choice(DEALERS),
        type=kind,
        start_at=made,
        end_at=None if kind == "perpetual" else made + timedelta(days=365),
        registered=rng.random() < 0.7,
        products=products,
        devices=devices,
    ).counted()


def chunk(start: int, stop: int) -> Iterator[Sighting]:
    """Licences ``start`` to ``stop`` (``start`` a multiple of :data:`CHUNK`)."""
    rng = random.Random(start // CHUNK)
    for index in range(start, stop):
        yield licence(index, rng)
