"""Level JSON as a designer writes it: a save keeps every part the editor did not change exactly
as it was in the file (its layout, its key order), and lays out only what changed.

`parse(text)` gives the file's values with their spans; `dump(data, original)` writes `data`
reusing the original text of every unchanged value at the same depth, so loading and saving a
file changes nothing and one edit changes only the lines it touches. New parts follow the file's
style: a file written as `json.dumps(indent=2)` (every container opened) gets more of the same;
an object that hugs its last member's opened list (`"player": {"heroes": [` ... `]}`, as the skirmish
levels write their teams) keeps hugging it;
any other file, and a new one, gets the compact hand style of the README's examples (a container
on one line when it fits in 100 columns; story lines, objectives, events and scripts one per line).

Pure: no pygame. The text given to `parse` must already be valid JSON (read it through
`game.rules.safe_json` first).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from json.decoder import scanstring
from typing import Any

WIDTH = 100  # a new container goes on one line when the line fits in this many columns
INDENT = "  "
# Lists (and the story object) that a hand-written level opens one item per line, whatever their size.
ALWAYS_OPEN = frozenset(
    {"story", "before", "after", "after_loss", "intro", "chapters", "objectives", "events", "script", "do"}
)
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


@dataclass
class Node:
    """One value of the original text: where it was (span, depth) and what it held."""

    start: int
    end: int
    depth: int
    value: Any
    items: dict[str, "Node"] | list["Node"] | None = None  # an object's or a list's children
    canon: str = field(default="", repr=False)

    def text(self, source: str) -> str:
        return source[self.start : self.end]


def canonical(value: Any) -> str:
    """The value with its key order, as one string (two values are the same edit-wise if equal)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _skip(text: str, index: int) -> int:
    return _SPACE.match(text, index).end()


def _node(text: str, index: int, depth: int) -> Node:
    char = text[index]
    if char == "{":
        items: dict[str, Node] = {}
        index = _skip(text, index + 1)
        start = index - 1
        start = text.rfind("{", 0, index)
        if text[index] == "}":
            return _done(Node(start, index + 1, depth, {}, items))
        while True:
            key, index = scanstring(text, index + 1)
            index = _skip(text, _skip(text, index) + 1)  # past the colon
            child = _node(text, index, depth + 1)
            items[key] = child
            index = _skip(text, child.end)
            if text[index] == ",":
                index = _skip(text, index + 1)
                continue
            return _done(Node(start, index + 1, depth, {k: n.value for k, n in items.items()}, items))
    if char == "[":
        children: list[Node] = []
        start = index
        index = _skip(text, index + 1)
        if text[index] == "]":
            return _done(Node(start, index + 1, depth, [], children))
        while True:
            child = _node(text, index, depth + 1)
            children.append(child)
            index = _skip(text, child.end)
            if text[index] == ",":
                index = _skip(text, index + 1)
                continue
            return _done(Node(start, index + 1, depth, [n.value for n in children], children))
    value, end = _DECODER.raw_decode(text, index)
    return _done(Node(index, end, depth, value))


def _done(node: Node) -> Node:
    node.canon = canonical(node.value)
    return node


@dataclass
class Original:
    """A file's text and its parsed tree; `expanded` when it is laid out as json.dumps(indent=2)."""

    text: str
    root: Node
    expanded: bool


def parse(text: str) -> Original:
    root = _node(text, _skip(text, 0), 0)
    expanded = text == json.dumps(root.value, indent=2, ensure_ascii=False) + "\n"
    return Original(text, root, expanded)


def dump(data: Any, original: Original | None = None) -> str:
    """The file text for `data`, keeping `original`'s text wherever the value did not change."""
    writer = _Writer(original)
    return writer.write(data, original.root if original else None, 0, None) + "\n"


class _Writer:
    def __init__(self, original: Original | None):
        self.source = original.text if original else ""
        self.expanded_style = bool(original and original.expanded)
        self.hugged = 0  # how many hugging objects we are inside: their members sit one depth up

    def write(self, value: Any, node: Node | None, depth: int, key: str | None, sibling: Node | None = None) -> str:
        if node is not None and node.depth == depth + self.hugged and node.canon == canonical(value):
            return node.text(self.source)
        if not isinstance(value, (dict, list)) or not value:
            return json.dumps(value, ensure_ascii=False)
        if isinstance(value, dict) and self.hugs(node, value):
            return self.hug(value, node, depth)
        if self.opened(value, node, depth, key, sibling):
            return self.open(value, node, depth)
        return self.inline(value, node)

    def opened(self, value, node: Node | None, depth: int, key: str | None, sibling: Node | None) -> bool:
        """Whether a changed or new container is written one item per line."""
        like = node if node is not None and isinstance(node.value, type(value)) and node.value else sibling
        if like is not None and isinstance(like.value, type(value)) and like.value:
            return "\n" in like.text(self.source)
        if self.expanded_style or depth == 0 or key in ALWAYS_OPEN:
            return True
        if isinstance(value, dict) and key is None and not any(isinstance(v, (dict, list)) for v in value.values()):
            return False  # an item of an opened list (a story line): one line, however long
        return depth * len(INDENT) + len(json.dumps(key or "")) + 2 + len(self.inline(value, None)) > WIDTH

    def open(self, value, node: Node | None, depth: int) -> str:
        pad = INDENT * (depth + 1)
        lines = []
        if isinstance(value, dict):
            children = node.items if node is not None and isinstance(node.items, dict) else {}
            for key, item in value.items():
                text = self.write(item, children.get(key), depth + 1, key)
                lines.append(f"{pad}{json.dumps(key, ensure_ascii=False)}: {text}")
            close = "}"
            opening = "{"
        else:
            children = node.items if node is not None and isinstance(node.items, list) else []
            matched = _match(value, children)
            first = children[0] if children else None
            for item, child in zip(value, matched):
                lines.append(pad + self.write(item, child, depth + 1, None, first))
            close, opening = "]", "["
        return opening + "\n" + ",\n".join(lines) + "\n" + INDENT * depth + close

    def hugs(self, node: Node | None, value: dict) -> bool:
        """Whether the original object hugged its last member: `{"a": 1, "list": [` on its first
        line, the list's items below, `]}` closing both (and the edited object still ends in it)."""
        if node is None or not isinstance(node.items, dict) or not node.items:
            return False
        text = node.text(self.source)
        *head, (last_key, last) = node.items.items()
        return (
            text[1:2] not in ("", " ", "\n", "\r", "\t")
            and "\n" in text
            and not any("\n" in child.text(self.source) for _, child in head)
            and text.endswith("]}")
            and isinstance(last.value, list)
            and list(value)[-1] == last_key
            and isinstance(value[last_key], list)
            and bool(value[last_key])
        )

    def hug(self, value: dict, node: Node, depth: int) -> str:
        """The object on its own line, its last member's list opened below at the object's depth."""
        *head, (last_key, last) = value.items()
        parts = [f"{json.dumps(k, ensure_ascii=False)}: {self.inline(v, node.items.get(k))}" for k, v in head]
        self.hugged += 1
        try:
            tail = self.open(last, node.items[last_key], depth)
        finally:
            self.hugged -= 1
        parts.append(f"{json.dumps(last_key, ensure_ascii=False)}: {tail}")
        return "{" + ", ".join(parts) + "}"

    def inline(self, value, node: Node | None) -> str:
        if node is not None and node.canon == canonical(value) and "\n" not in node.text(self.source):
            return node.text(self.source)
        if isinstance(value, dict):
            children = node.items if node is not None and isinstance(node.items, dict) else {}
            parts = [
                f"{json.dumps(k, ensure_ascii=False)}: {self.inline(v, children.get(k))}" for k, v in value.items()
            ]
            return "{" + ", ".join(parts) + "}"
        if isinstance(value, list):
            children = node.items if node is not None and isinstance(node.items, list) else []
            return "[" + ", ".join(self.inline(v, c) for v, c in zip(value, _match(value, children))) + "]"
        return json.dumps(value, ensure_ascii=False)


def _match(values: list, children: list[Node]) -> list[Node | None]:
    """For each new list item, the original item it came from: the same value if one is left
    (items moved or inserted keep their text), else the one at its position (its layout)."""
    free = list(range(len(children)))
    found: list[Node | None] = [None] * len(values)
    for index, value in enumerate(values):
        canon = canonical(value)
        hit = next((i for i in free if children[i].canon == canon), None)
        if hit is not None:
            free.remove(hit)
            found[index] = children[hit]
    for index, value in enumerate(values):
        if found[index] is None and index in free:
            free.remove(index)
            found[index] = children[index]
    return found
