#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""maintainers.py - a kernel tree's MAINTAINERS, read as get_maintainer.pl
reads it: which entry a file belongs to, and who gets a patch.

Usage: maintainers.py area MAINTAINERS FILE...
       maintainers.py recipients MAINTAINERS FILE...

area: one line per FILE, "FILE<TAB>ENTRY": the entry whose F: pattern
matches FILE most specifically (the deepest pattern; a file pattern over
a directory one), as get_maintainer.pl orders its sections.  A file in
no entry but THE REST, or a tree without MAINTAINERS ("-"), is its own
directory's area.

recipients: the addresses for a patch touching FILEs, for when the
tree's scripts/get_maintainer.pl cannot run (an old tree's needs an
old perl): "To: " the M: of every entry matching a FILE (THE REST's only
when nothing else matches), "Cc: " their L: lists; one line each, the
addresses comma-separated.
"""
import os
import re
import sys
from dataclasses import dataclass, field

# the entry every file matches: only a fallback
CATCH_ALL = "THE REST"


@dataclass
class Entry:
    """one MAINTAINERS section: its title and the tags get_maintainer.pl uses"""
    title: str
    maintainers: list = field(default_factory=list)   # M:
    lists: list = field(default_factory=list)         # L:
    patterns: list = field(default_factory=list)      # F:
    excludes: list = field(default_factory=list)      # X:


@dataclass
class Area:
    """where a file belongs: the entry (None: no MAINTAINERS entry but the
    catch-all, the area is the directory) and its F: pattern that claims
    the file most specifically"""
    name: str
    entry: Entry = None
    pattern: str = ""


TAG = re.compile(r"^([A-Z]):\s*(.*?)\s*$")


def read(path):
    """the entries of MAINTAINERS file PATH ([] when there is none)"""
    if path == "-" or not os.path.isfile(path):
        return []
    entries, current = [], None
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            tag = TAG.match(line)
            if tag and current is not None:
                add_tag(current, tag.group(1), tag.group(2))
            elif line and not line[0].isspace() and not tag:
                current = Entry(line.strip())
                entries.append(current)
            elif not line.strip():
                current = None
    return [e for e in entries if e.patterns or e.maintainers or e.lists]


def add_tag(entry, tag, value):
    target = {"M": entry.maintainers, "L": entry.lists, "F": entry.patterns,
              "X": entry.excludes}.get(tag)
    if target is not None and value:
        target.append(value)


def pattern_regex(pattern):
    """get_maintainer.pl's reading of an F:/X: pattern: '*' and '?' are
    wildcards; a pattern ending in '/' takes everything under it, any
    other only files as deep as itself"""
    rx = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.compile("^" + rx)


def matches(pattern, path):
    if not pattern_regex(pattern).match(path):
        return False
    return pattern.endswith("/") or path.count("/") == pattern.count("/")


def best_pattern(entry, path):
    """(how specifically, pattern): ENTRY's F: pattern that claims PATH
    most specifically, ranked (slashes, file pattern, length); None when
    ENTRY does not claim PATH"""
    if any(matches(x, path) for x in entry.excludes):
        return None
    best = None
    for p in entry.patterns:
        if matches(p, path):
            key = (p.count("/"), not p.endswith("/"), len(p))
            best = (key, p) if best is None or key > best[0] else best
    return best


def claims(entries, path):
    """[((depth, pattern), entry)] of the entries matching PATH, most
    specific first"""
    found = [(b, e) for e in entries for b in [best_pattern(e, path)] if b is not None]
    return sorted(found, key=lambda be: be[0][0], reverse=True)


def area(entries, path):
    for (_, pattern), entry in claims(entries, path):
        if entry.title != CATCH_ALL:
            return Area(entry.title, entry, pattern)
    return Area(os.path.dirname(path) or ".")


def address(value):
    """'Name <a@b> (moderated for non-subscribers)' -> 'Name <a@b>'"""
    return re.sub(r"\s*\(.*\)\s*$", "", value).strip()


def unique(xs):
    return list(dict.fromkeys(xs))


def recipients(entries, paths):
    """(to, cc) for a patch touching PATHS"""
    to, cc = [], []
    for path in paths:
        found = [e for _, e in claims(entries, path)]
        named = [e for e in found if e.title != CATCH_ALL] or found
        to += [address(m) for e in named for m in e.maintainers]
        cc += [address(li) for e in found for li in e.lists]
    to = unique(to)
    return to, [c for c in unique(cc) if c not in to]


def main():
    args = sys.argv[1:]
    if len(args) < 2 or args[0] not in ("area", "recipients"):
        sys.exit("usage: maintainers.py area|recipients MAINTAINERS FILE...")
    entries = read(args[1])
    if args[0] == "area":
        for path in args[2:]:
            print("%s\t%s" % (path, area(entries, path).name))
    else:
        to, cc = recipients(entries, args[2:])
        print("To: " + ", ".join(to))
        print("Cc: " + ", ".join(cc))


if __name__ == "__main__":
    main()
