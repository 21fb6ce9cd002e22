"""Builds the provisional Expedition world map (run once; the TOML it writes is the data).

``python -m tests.games.expedition.make_map`` writes ``src/terra/games/expedition/data/map.toml``.
Sites are real places by longitude/latitude; stations sit on plausible routes. Lines are
chosen greedily by length without crossings (a planar-looking network of short lines), with a
few forced lines: the six lines of the start, the rulebook example's route (Expedition, Travel
Vouchers: Marib, red, green, red, green, Borobudur; Angkor and Chang'an), and the long ocean
crossings. The three date-line stations appear on both edges and join their two sides.
"""

from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parents[3] / "src/terra/games/expedition/data/map.toml"

CONTINENTS = (
    ("north-america", "North America", "violet"),
    ("europe", "Europe", "blue"),
    ("asia", "Asia", "light green"),
    ("south-america", "South America", "orange"),
    ("africa", "Africa", "yellow"),
    ("australia", "Australia", "pink"),
)

SITES = {
    "europe": [
        ("Stonehenge", 51.18, -1.83),
        ("Carnac", 47.58, -3.08),
        ("Newgrange", 53.69, -6.48),
        ("Loch Ness", 57.3, -4.45),
        ("Skara Brae", 59.05, -3.34),
        ("Externsteine", 51.87, 8.92),
        ("Rennes-le-Chateau", 42.93, 2.26),
        ("Hypogeum of Malta", 35.87, 14.5),
        ("Pompeii", 40.75, 14.48),
        ("Delphi", 38.48, 22.5),
        ("Knossos", 35.3, 25.16),
        ("Bran Castle", 45.52, 25.37),
        ("Kizhi", 62.07, 35.22),
    ],
    "asia": [
        ("Gobekli Tepe", 37.22, 38.92),
        ("Mount Ararat", 39.7, 44.29),
        ("Petra", 30.33, 35.44),
        ("Babylon", 32.54, 44.42),
        ("Marib", 15.42, 45.33),
        ("Persepolis", 29.93, 52.89),
        ("Mohenjo-daro", 27.33, 68.14),
        ("Samarkand", 39.65, 66.97),
        ("Ellora", 20.03, 75.18),
        ("Mount Kailash", 31.07, 81.31),
        ("Lhasa", 29.66, 91.12),
        ("Great Wall", 40.43, 116.57),
        ("Chang'an", 34.27, 108.95),
        ("Angkor", 13.41, 103.87),
        ("Borobudur", -7.61, 110.2),
        ("Bagan", 21.17, 94.86),
        ("Yonaguni", 24.43, 123.01),
        ("Lake Baikal", 53.5, 108.0),
        ("Tunguska", 60.9, 101.9),
        ("Sigiriya", 7.96, 80.76),
    ],
    "africa": [
        ("Giza", 29.98, 31.13),
        ("Siwa Oracle", 29.2, 25.52),
        ("Abu Simbel", 22.34, 31.63),
        ("Meroe", 16.94, 33.75),
        ("Lalibela", 12.03, 39.04),
        ("Timbuktu", 16.77, -3.0),
        ("Tassili n'Ajjer", 25.5, 9.0),
        ("Ife", 7.47, 4.56),
        ("Kilimanjaro", -3.07, 37.35),
        ("Coelacanth", -11.7, 43.3),
        ("Great Zimbabwe", -20.27, 30.93),
        ("Tsodilo Hills", -18.75, 21.73),
        ("Carthage", 36.85, 10.33),
    ],
    "north-america": [
        ("Viking Ship", 61.15, -45.5),
        ("Thule", 76.53, -68.7),
        ("L'Anse aux Meadows", 51.6, -55.53),
        ("Klondike", 64.06, -139.43),
        ("Bluff Creek", 41.4, -123.6),
        ("Mesa Verde", 37.18, -108.49),
        ("Roswell", 33.39, -104.52),
        ("Serpent Mound", 39.03, -83.43),
        ("Bermuda Triangle", 27.0, -68.0),
        ("Teotihuacan", 19.69, -98.84),
        ("Chichen Itza", 20.68, -88.57),
        ("Palenque", 17.48, -92.05),
        ("Kilauea", 19.4, -155.3),
    ],
    "south-america": [
        ("Ciudad Perdida", 11.04, -73.93),
        ("El Dorado", 4.98, -73.78),
        ("Angel Falls", 5.97, -62.54),
        ("Galapagos", -0.95, -90.97),
        ("Chavin de Huantar", -9.59, -77.18),
        ("Nazca Lines", -14.74, -75.13),
        ("Machu Picchu", -13.16, -72.54),
        ("Tiwanaku", -16.55, -68.67),
        ("Lost City of Z", -12.0, -53.0),
        ("Easter Island", -27.11, -109.35),
        ("Cueva de las Manos", -47.15, -70.67),
    ],
    "australia": [
        ("Uluru", -25.34, 131.04),
        ("Kakadu", -12.8, 132.4),
        ("Wandjina", -16.0, 126.0),
        ("Wave Rock", -32.44, 118.9),
        ("Lake Mungo", -33.7, 143.1),
        ("Great Barrier Reef", -18.3, 147.7),
        ("Tasmania", -42.0, 146.5),
        ("Nan Madol", 6.84, 158.33),
        ("Waitomo", -38.26, 175.1),
    ],
}

RED = [
    ("Reykjavik", 64.1, -21.9),
    ("Azores", 38.7, -27.2),
    ("Canary Islands", 28.3, -16.5),
    ("Cape Verde", 15.0, -23.6),
    ("Socotra", 12.5, 54.0),
    ("Nicobar", 8.0, 93.5),
    ("Caspian Sea", 41.0, 51.0),
    ("Novosibirsk", 55.0, 82.9),
    ("Magadan", 59.6, 150.8),
    ("Reunion", -21.1, 55.5),
    ("Cape Town", -33.9, 18.4),
    ("Lake Chad", 13.0, 14.5),
    ("Panama", 9.0, -79.5),
    ("Rio de Janeiro", -22.9, -43.2),
    ("New Orleans", 30.0, -90.1),
    ("Hudson Bay", 58.7, -94.2),
    ("Timor", -9.0, 125.0),
    ("Noumea", -22.3, 166.5),
    ("Moscow", 55.75, 37.6),
    ("Istanbul", 41.0, 28.97),
]
GREEN = [
    ("Paris", 48.86, 2.35),
    ("Vienna", 48.2, 16.4),
    ("Gibraltar", 36.1, -5.35),
    ("Agadez", 16.97, 7.99),
    ("Lake Victoria", -1.0, 33.0),
    ("Kinshasa", -4.3, 15.3),
    ("Muscat", 23.6, 58.4),
    ("Maldives", 4.2, 73.5),
    ("Malacca", 2.5, 101.0),
    ("Karakorum", 47.2, 102.8),
    ("Hong Kong", 22.3, 114.2),
    ("Sakhalin", 50.0, 143.0),
    ("Manila", 14.6, 121.0),
    ("Papua", -6.0, 145.0),
    ("Gulf of Carpentaria", -15.0, 140.0),
    ("Havana", 23.1, -82.4),
    ("Montreal", 45.5, -73.6),
    ("Vancouver", 49.3, -123.1),
    ("Manaus", -3.1, -60.0),
    ("Buenos Aires", -34.6, -58.4),
    ("Salvador", -12.97, -38.5),
    ("Ural", 58.0, 60.0),
]
WRAPS = [("Date Line 1", 52.0), ("Date Line 2", 12.0), ("Date Line 3", -30.0)]
START = ("Stockholm", 59.33, 18.07)

FORCED = [
    ("Stockholm", "Moscow"),
    ("Stockholm", "Kizhi"),
    ("Stockholm", "Vienna"),
    ("Stockholm", "Externsteine"),
    ("Stockholm", "Skara Brae"),
    ("Stockholm", "Reykjavik"),
    ("Marib", "Socotra"),
    ("Socotra", "Maldives"),
    ("Maldives", "Nicobar"),
    ("Nicobar", "Malacca"),
    ("Malacca", "Borobudur"),
    ("Malacca", "Angkor"),
    ("Angkor", "Chang'an"),
    ("Reykjavik", "Viking Ship"),
    ("Azores", "Bermuda Triangle"),
    ("Cape Verde", "Salvador"),
    ("Canary Islands", "Azores"),
    ("Cape Town", "Rio de Janeiro"),
    ("Reunion", "Wave Rock"),
    ("Nan Madol", "Manila"),
    ("Waitomo", "Noumea"),
    ("Easter Island", "Galapagos"),
    ("Kilauea", "Bluff Creek"),
    ("Date Line 1 L", "Klondike"),
    ("Date Line 1 L", "Kilauea"),
    ("Date Line 1 R", "Magadan"),
    ("Date Line 1 R", "Sakhalin"),
    ("Date Line 2 L", "Kilauea"),
    ("Date Line 2 L", "Galapagos"),
    ("Date Line 2 R", "Nan Madol"),
    ("Date Line 2 R", "Noumea"),
    ("Date Line 3 L", "Easter Island"),
    ("Date Line 3 R", "Waitomo"),
    ("Date Line 3 R", "Noumea"),
]
MAX_LENGTH = 17.0  # degrees (x: longitude scaled by cos(latitude)), for unforced lines
MAX_DEGREE = 4  # unforced lines stop at this degree (forced ones may pass it, up to 6)


def slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower())
    return "-".join(part for part in out.split("-") if part)


def xy(lat: float, lon: float) -> tuple[float, float]:
    return lon * math.cos(math.radians(max(-60.0, min(60.0, lat)) * 0.6)), lat


def crosses(
    a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]
) -> bool:
    def orient(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    if a in (c, d) or b in (c, d):
        return False
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def build() -> str:
    points: dict[str, tuple[float, float]] = {}
    for sites in SITES.values():
        for name, lat, lon in sites:
            points[name] = xy(lat, lon)
    for name, lat, lon in RED + GREEN:
        points[name] = xy(lat, lon)
    for name, lat in WRAPS:
        points[name + " L"] = (-185.0, lat)
        points[name + " R"] = (185.0, lat)
    points[START[0]] = xy(START[1], START[2])
    lines: list[tuple[str, str]] = []
    degree = dict.fromkeys(points, 0)

    def ok(a: str, b: str) -> bool:
        pa, pb = points[a], points[b]
        for c, d in lines:
            if crosses(pa, pb, points[c], points[d]):
                return False
        return (a, b) not in lines and (b, a) not in lines

    for a, b in FORCED:
        assert ok(a, b), (a, b)
        lines.append((a, b))
        degree[a] += 1
        degree[b] += 1
    candidates = sorted(
        (math.dist(points[a], points[b]), a, b)
        for i, a in enumerate(points)
        for b in list(points)[i + 1 :]
    )
    fixed = {START[0]} | {n for n in points if n.startswith("Date Line")}
    for length, a, b in candidates:
        if length > MAX_LENGTH or a in fixed or b in fixed:
            continue
        if degree[a] >= MAX_DEGREE or degree[b] >= MAX_DEGREE:
            continue
        if ok(a, b):
            lines.append((a, b))
            degree[a] += 1
            degree[b] += 1
    for name in points:  # nobody is left with a single line: add its shortest free line
        for length, a, b in candidates:
            if degree[name] >= 2:
                break
            if name not in (a, b) or a in fixed or b in fixed or length > 2 * MAX_LENGTH:
                continue
            other = b if a == name else a
            if degree[other] < 6 and ok(a, b):
                lines.append((a, b))
                degree[a] += 1
                degree[b] += 1
    return write(lines)


def write(lines: list[tuple[str, str]]) -> str:
    def ident(name: str) -> str:
        return slug(name[:-2] if name.startswith("Date Line") else name)

    out = [
        "# Expedition (Wolfgang Kramer, 1996): the project's own provisional world map.",
        "# Generated once by tests/games/expedition/make_map.py; this file is the data.",
        "",
        "[meta]",
        "provisional = true",
        'provenance = "Original map by the Terra Incognita project: real sites placed by '
        'longitude/latitude, stations and lines designed for play; not the printed board."',
        "",
        "[start]",
        f'id = "{slug(START[0])}"',
        f'name = "{START[0]}"',
        f"lat = {START[1]}",
        f"lon = {START[2]}",
    ]
    for ident_, name, colour in CONTINENTS:
        out += ["", "[[continent]]", f'id = "{ident_}"', f'name = "{name}"', f'colour = "{colour}"']
    for continent, sites in SITES.items():
        for name, lat, lon in sites:
            out += [
                "",
                "[[site]]",
                f'id = "{slug(name)}"',
                f'name = "{name}"',
                f'continent = "{continent}"',
                f"lat = {lat}",
                f"lon = {lon}",
            ]
    for kind, stations in (("red", RED), ("green", GREEN)):
        for name, lat, lon in stations:
            out += [
                "",
                "[[station]]",
                f'id = "{slug(name)}"',
                f'name = "{name}"',
                f'kind = "{kind}"',
                f"lat = {lat}",
                f"lon = {lon}",
            ]
    for number, (name, lat) in enumerate(WRAPS, 1):
        out += [
            "",
            "[[station]]",
            f'id = "{slug(name)}"',
            f'name = "{name}"',
            'kind = "red"',
            f"lat = {lat}",
            "lon = 180.0",
            f"wrap = {number}",
        ]
    out.append("")
    seen = set()
    for a, b in lines:
        pair = (ident(a), ident(b))
        if pair in seen or pair[::-1] in seen:
            continue
        seen.add(pair)
        out.append(f'[[line]]\nbetween = ["{pair[0]}", "{pair[1]}"]')
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUT}")
