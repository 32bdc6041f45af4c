#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""series_links.py PATCH - a patch's files of different directories are
tied by the build links its message names.

Every list item of the message that names a syscore_ops or a function
("The syscore_ops X is defined in A, ...", "f() is declared in H and
defined in A and B", "The PM callbacks of the sysdev driver D in A move
to X in B": D in A's diff, X in B's) is a link: each file it names must be in the patch
and that file's diff must hold the name.  Files in one directory go
together; the links must then join all of them into one.  Prints the
reason and exits 1 when not."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import series_patch  # noqa: E402

PATH = re.compile(r"[\w./-]+\.[ch]\b")
LINK = re.compile(r"^(?:The syscore_ops (\w+) is|(\w+)\(\) is declared in) ")
MOVES = re.compile(r"^The PM callbacks of the sysdev (?:class|driver) (\w+) in (\S+) move to (\w+) in (\S+)\.$")


def main():
    patch = series_patch.read(sys.argv[1])
    parent = {f: f for f in patch.files}

    def find(f):
        while parent[f] != f:
            f = parent[f]
        return f

    by_dir = {}
    for f in patch.files:
        by_dir.setdefault(os.path.dirname(f), []).append(f)
    for fs in by_dir.values():
        for f in fs[1:]:
            parent[find(f)] = find(fs[0])
    for item in patch.items:
        m, moved = LINK.match(item), MOVES.match(item)
        if moved:
            source, a, ops, b = moved.groups()
            for name, f in ((source, a), (ops, b)):
                if f not in patch.files or name not in patch.files[f].old + patch.files[f].new:
                    sys.exit("%s: the link says %s is in %s, whose diff does not hold it"
                             % (patch.name, name, f))
            parent[find(b)] = find(a)
            continue
        if not m:
            continue
        name = m.group(1) or m.group(2)
        files = PATH.findall(item)
        for f in files:
            if f not in patch.files:
                sys.exit("%s: the link %s names %s, which the patch does not touch" % (patch.name, name, f))
            side = patch.files[f]
            if not re.search(r"\b%s\b" % re.escape(name), side.old + side.new):
                sys.exit("%s: the link %s names %s, whose diff does not hold it" % (patch.name, name, f))
        for f in files[1:]:
            parent[find(f)] = find(files[0])
    roots = sorted(set(find(f) for f in patch.files))
    if len(roots) > 1:
        apart = sorted(os.path.dirname(r) for r in roots)
        sys.exit("%s: %s and %s change together with no build link named between them"
                 % (patch.name, apart[0], apart[1]))


if __name__ == "__main__":
    main()
