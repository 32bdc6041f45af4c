# SPDX-License-Identifier: GPL-2.0-only
"""series_patch.py - a format-patch file as the series checks read it:
its message's list items, and each file's old and new side (the checks'
own reading, independent of the tools that wrote the patch)."""
import re
from dataclasses import dataclass, field


@dataclass
class FileDiff:
    """one file of a patch: the text of its old and new side, hunks only"""
    path: str
    old: str = ""
    new: str = ""


@dataclass
class Patch:
    name: str
    items: list = field(default_factory=list)     # "- " items, joined
    message: str = ""
    files: dict = field(default_factory=dict)     # path -> FileDiff


def read(path):
    with open(path, errors="replace") as f:
        text = f.read()
    head, _, rest = text.partition("\n---\n")
    message = head.split("\n\n", 1)[1] if "\n\n" in head else ""
    patch = Patch(path.rsplit("/", 1)[-1], items_of(message), message)
    current = None
    for line in rest.splitlines():
        m = re.match(r"^\+\+\+ b/(.*)$", line)
        if m:
            current = patch.files.setdefault(m.group(1), FileDiff(m.group(1)))
        elif current is None or line.startswith(("--- ", "diff --git", "index ", "@@")):
            continue
        elif line.startswith("-"):
            current.old += line[1:] + "\n"
        elif line.startswith("+"):
            current.new += line[1:] + "\n"
        elif line.startswith(" "):
            current.old += line[1:] + "\n"
            current.new += line[1:] + "\n"
    return patch


def items_of(message):
    items, current = [], None
    for line in message.splitlines():
        if line.startswith("- "):
            current = [line[2:]]
            items.append(current)
        elif line.startswith("  ") and current is not None:
            current.append(line.strip())
        else:
            current = None
    return [" ".join(i) for i in items]
