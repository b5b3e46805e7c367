"""Names as people write them: goods, wares, gems and cards in five editions' words.

Glossary
    Kind       what a name names: ``jambo.ware``, ``jambo.card``, ``jaipur.good``,
               ``jaipur.camel`` (never a good: told apart to refuse its sale), ``ubongo.gem``.
    Canonical  the English name the scorers and results use (a member's ``value``).
    Word       one accepted way to write a canonical name, in one language (en, de, es, it, fr),
               singular or plural; the table of them is data, ``scoring/names.json``.
    Key        a word as compared: case folded, accents stripped, no spaces, hyphens,
               underscores, apostrophes or dots (``normalise``).
"""

from __future__ import annotations

import difflib
import functools
import json
import re
import unicodedata
from importlib import resources
from typing import Any, Final

from ubongo.scoring.errors import InvalidRecord

KINDS: Final = ("jambo.ware", "jambo.card", "jaipur.good", "jaipur.camel", "ubongo.gem")
LANGUAGES: Final = ("en", "de", "es", "it", "fr")
_SEPARATORS: Final = re.compile(r"[\s_\-'’.]+")

Words = dict[str, dict[str, list[str]]]  # canonical -> language -> words


def normalise(word: str) -> str:
    """The key a word is compared by: no case, accents or separators.

    >>> normalise("Peaux de Bête"), normalise("leopard_statue"), normalise("TÈ")
    ('peauxdebete', 'leopardstatue', 'te')
    """
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub("", bare)


@functools.cache
def table() -> dict[str, Words]:
    """The shipped table: kind -> canonical -> language -> words."""
    text = resources.files("ubongo.scoring").joinpath("names.json").read_text(encoding="utf-8")
    found: dict[str, Words] = json.loads(text)
    return {kind: found[kind] for kind in KINDS}


@functools.cache
def _keys(kind: str) -> dict[str, tuple[str, str]]:
    """Every key of ``kind``, and every canonical name as written, -> (canonical, word)."""
    keys: dict[str, tuple[str, str]] = {}
    for name, languages in table()[kind].items():
        keys[name] = (name, name)
        for words in languages.values():
            keys.update((normalise(w), (name, w)) for w in words)
    return keys


def find(kind: str, word: Any) -> str | None:
    """The canonical name ``word`` stands for in ``kind``, or None.

    >>> find("jaipur.camel", "Cammelli"), find("jaipur.camel", 7)
    ('camel', None)
    """
    if not isinstance(word, str):
        return None
    keys = _keys(kind)
    hit = keys.get(word) or keys.get(normalise(word))
    return None if hit is None else hit[0]


def canonical(kind: str, word: Any, path: str, what: str) -> str:
    """The canonical name ``word`` stands for, in any edition's words; else InvalidRecord at
    ``path`` naming the ``what`` expected and the closest accepted word.

    >>> canonical("jambo.ware", "Bijoux", "buy[0]", "ware")
    'jewelry'
    """
    name = find(kind, word)
    if name is None:
        raise InvalidRecord(path, _unknown(kind, word, what))
    return name


def _unknown(kind: str, word: Any, what: str) -> str:
    """What an unknown word is told: the nearest accepted word and the canonical names."""
    names = ", ".join(table()[kind])
    near = ""
    if isinstance(word, str):
        close = difflib.get_close_matches(normalise(word), list(_keys(kind)), n=1, cutoff=0.75)
        if close:
            name, written = _keys(kind)[close[0]]
            meant = repr(written) if written == name else f"{written!r}, {name}"
            near = f" (did you mean {meant}?)"
    return f"unknown {what} {word!r}{near}; expected one of {names}"
