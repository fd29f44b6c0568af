"""Hypothesis strategies shared by the robustness tests: structured mutations of valid JSON
documents and of protocol text, and raw-byte damage.

A mutated document is written with `dumps`, which passes `Raw` values through as they are, so a
file can hold what `json.dumps` never writes: NaN, Infinity, 1e400, an integer of 5000 digits,
thousands of nested brackets.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st


# The example counts are sized for CI (the whole tests/robustness run stays well under 90 s on two
# cores); DUELMIND_FUZZ_SCALE=10 runs ten times as many, for a deeper hunt.
SCALE = float(os.environ.get("DUELMIND_FUZZ_SCALE", "1"))


def examples(count: int) -> int:
    return max(1, round(count * SCALE))


@dataclass(frozen=True)
class Raw:
    """JSON text written into the document as it is (not necessarily valid JSON)."""

    text: str


def dumps(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dumps(v) for v in value) + "]"
    return json.dumps(value)


def encode(value: Any) -> bytes:
    """The document as file bytes (a lone surrogate is written escaped by json.dumps)."""
    return dumps(value).encode("utf-8", "surrogatepass")


def deep(n: int, open_: str = "[", close: str = "]") -> Raw:
    return Raw(open_ * n + close * n)


BAD_NUMBERS = [
    10**400,
    -(10**400),
    Raw("NaN"),
    Raw("Infinity"),
    Raw("-Infinity"),
    Raw("1e400"),
    Raw("-1e400"),
    Raw("1" * 4400),
    2**63,
    -1,
    0.5,
    1e308,
    -0.0,
    99999,
]
NUMBER_TEXTS = ["inf", "1e400", "-Infinity", "nan", "-5", "12", "0x10", "1_000", "²", ""]
BAD_TEXTS = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\x1b[31mred",
    "\x7f",
    "\x85",
    "\u2028",
    "\ud800",
    "x\udfff",
    "\t\n",
    "\u202e",
    "\ufeff",
    "🂡" * 50,
    "x" * 5000,
    "no_such_level",
    "zzz",
    "$.a[0]",
    "{card:99999}",
    "SUMMON 9999",
    "PICK 99",
    "../../etc/passwd",
    "C:\\con",
    "null",
    "true",
]
WRONG_TYPES = [None, True, False, [], {}, [None], {"": None}, [1, "a", None], {"kind": "?"}]
NESTED = [
    deep(65),
    deep(200),
    deep(3000),
    deep(100_000),
    Raw('{"a":' * 500 + "1" + "}" * 500),
    json.loads("[" * 70 + "]" * 70),
]

text_strategy = st.text(st.characters(exclude_categories=()), max_size=60)
nasty_value = st.one_of(  # bad numbers and texts drawn more often: they found the most bugs
    st.sampled_from(BAD_NUMBERS),
    st.sampled_from(BAD_NUMBERS),
    st.sampled_from(BAD_NUMBERS),
    st.sampled_from(BAD_TEXTS),
    st.sampled_from(BAD_TEXTS),
    st.sampled_from(NUMBER_TEXTS),
    st.sampled_from(WRONG_TYPES),
    st.sampled_from(NESTED),
    text_strategy,
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.recursive(
        st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=8,
    ),
)
nasty_key = st.one_of(
    st.sampled_from(
        [
            "",
            "\x00",
            "kind",
            "id",
            "version",
            "extra",
            "cards",
            "__proto__",
            "\ud800",
            "x" * 300,
            "$schema",
            "levels",
            "actions",
        ]
    ),
    text_strategy,
)


def paths(value: Any, prefix: tuple = (), limit: int = 12) -> list[tuple]:
    """Every path (tuple of keys and indexes) in a JSON document, the root included, down to
    `limit` levels (below, a mutation's own deep nesting)."""
    found = [prefix]
    if len(prefix) >= limit:
        return found
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key), limit)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index), limit)
    return found


def _get(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _same_kind(value: Any) -> st.SearchStrategy:
    """Nasty values of the kind the reader expects at that place: a bad number for a number, a
    bad text for a text (type-aware mutations reach the checks behind the type checks)."""
    if isinstance(value, bool):
        return st.sampled_from([0, 1, "true", "yes", None, Raw("NaN")])
    if isinstance(value, (int, float)):
        return st.one_of(st.sampled_from(BAD_NUMBERS), st.sampled_from(NUMBER_TEXTS))
    if isinstance(value, str):
        return st.one_of(st.sampled_from(BAD_TEXTS), text_strategy)
    return st.one_of(st.sampled_from(WRONG_TYPES), st.sampled_from(NESTED))


def mutate(data: st.DataObject, document: Any, *, max_mutations: int = 3, ids: list | None = None) -> Any:
    """A copy of `document` with 1..max_mutations structural mutations drawn from `data`: a value
    replaced (by a bad one of its own kind, a wrong type, deep nesting, an unknown id), a key or
    item removed, an extra key added, an item duplicated. The whole document is replaced rarely;
    mostly a value inside it is (where the readers' deeper checks are)."""
    doc = copy.deepcopy(document)
    count = data.draw(st.integers(1, max_mutations), label="mutations")
    for _ in range(count):
        where = paths(doc)
        inner = where[1:] or where
        leaves = [path for path in inner if not isinstance(_get(doc, path), (dict, list))] or inner
        path = data.draw(
            st.one_of(st.sampled_from(leaves), st.sampled_from(leaves), st.sampled_from(inner), st.sampled_from(where)),
            label="path",
        )
        parent = _get(doc, path[:-1]) if path else None
        target = _get(doc, path)
        ops = ["same_kind", "same_kind", "replace", "extra_key", "remove", "duplicate"]
        if ids:
            ops.append("unknown_id")
        op = data.draw(st.sampled_from(ops), label="op")
        if op in ("replace", "unknown_id", "same_kind"):
            strategy = {"replace": nasty_value, "same_kind": _same_kind(target)}.get(op)
            value = copy.deepcopy(data.draw(strategy if strategy is not None else st.sampled_from(ids), label="value"))
            if not path:
                doc = value
                continue
            parent[path[-1]] = value
        elif op == "extra_key":
            if isinstance(target, dict):
                target[data.draw(nasty_key, label="key")] = copy.deepcopy(data.draw(nasty_value, label="value"))
            elif isinstance(target, list):
                target.insert(
                    data.draw(st.integers(0, len(target)), label="at"),
                    copy.deepcopy(data.draw(nasty_value, label="value")),
                )
        elif op == "remove" and path:
            del parent[path[-1]]
        elif op == "duplicate" and path and isinstance(parent, list):
            parent.append(copy.deepcopy(target))
        if not isinstance(doc, (dict, list)):
            break
    return doc


def damage_bytes(data: st.DataObject, raw: bytes) -> bytes:
    """`raw` with byte-level damage: truncated, bytes flipped or inserted (invalid UTF-8, NUL, a
    byte-order mark), or replaced by arbitrary bytes."""
    op = data.draw(st.sampled_from(["truncate", "flip", "insert", "bom", "random", "latin1"]), label="byte op")
    if op == "truncate":
        return raw[: data.draw(st.integers(0, max(0, len(raw) - 1)), label="cut")]
    if op == "flip" and raw:
        raw = bytearray(raw)
        for _ in range(data.draw(st.integers(1, 4), label="flips")):
            index = data.draw(st.integers(0, len(raw) - 1), label="at")
            raw[index] = data.draw(st.integers(0, 255), label="byte")
        return bytes(raw)
    if op == "insert":
        index = data.draw(st.integers(0, len(raw)), label="at")
        junk = data.draw(
            st.one_of(
                st.sampled_from(
                    [b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\xe2\x80", b"\r", b"\x1b"]
                ),
                st.binary(max_size=8),
            ),
            label="junk",
        )
        return raw[:index] + junk + raw[index:]
    if op == "bom":
        return b"\xef\xbb\xbf" + raw
    if op == "latin1":
        return raw.decode("utf-8", "replace").replace("a", "\u00e9").encode("latin-1", "replace")
    return data.draw(st.binary(max_size=200), label="bytes")
