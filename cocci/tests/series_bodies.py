#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""series_bodies.py PATCH - what a patch's message says of its callbacks
is what its diff does.

- "The suspend callback(s) f() ... lose(s) ... struct sys_device * and
  pm_message_t arguments": each f() took (struct sys_device *,
  pm_message_t) on the diff's old side and takes (void) on its new side;
- "The <slots> callback(s) f() ... lose(s) ... struct sys_device *
  argument(s) and return(s) void": int f(struct sys_device *) becomes
  void f(void);
- "f() (in N files)": N .c files' diffs do so (one, without it);
- no function is named twice in one item;
- "shutdown" is said only where the diff has a .shutdown.
Prints the reason and exits 1 when not."""
import os
import re
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import series_patch  # noqa: E402

FUNC = re.compile(r"(\w+)\(\)(?: \(in (\d+) files\))?")
DEV = r"struct\s+sys_device\s*\*\s*\w*"


@dataclass
class Claim:
    """a kind of list item: its pattern (group FUNCS: the functions), and
    what the diff must show of each function on its old and new side"""
    item: re.Pattern
    old: str
    new: str
    says: str


CLAIMS = [
    Claim(re.compile(r"^The suspend callbacks? (?P<funcs>.*) loses? (?:their|its) struct sys_device \* "
                     r"and pm_message_t arguments\.$"),
          r"\b%s\s*\(\s*" + DEV + r"\s*,\s*pm_message_t\b", r"\b%s\s*\(\s*void\s*\)",
          "loses (struct sys_device *, pm_message_t)"),
    Claim(re.compile(r"^The [a-z ]+ callbacks? (?P<funcs>.*) loses? (?:their|its) struct sys_device \* "
                     r"arguments? and returns? void\.$"),
          r"\bint\s+%s\s*\(\s*" + DEV + r"\s*\)", r"\bvoid\s+%s\s*\(\s*void\s*\)",
          "goes from int (struct sys_device *) to void (void)"),
]


def count(rx, texts):
    return sum(1 for t in texts if re.search(rx, t))


def check(patch, funcs, old_rx, new_rx, what):
    seen = set()
    for name, n in FUNC.findall(funcs):
        if name in seen:
            return "%s: %s() is named twice" % (patch.name, name)
        seen.add(name)
        want = int(n or 1)
        # the definitions: the .c files (a header's prototype changes too)
        defs = [d for d in patch.files.values() if d.path.endswith(".c")]
        if (count(old_rx % re.escape(name), [d.old for d in defs]) != want
                or count(new_rx % re.escape(name), [d.new for d in defs]) != want):
            return "%s: %s() %s, but not in exactly %d .c file(s) of the diff" % (patch.name, name, what, want)
    return None


def main():
    patch = series_patch.read(sys.argv[1])
    for item in patch.items:
        for claim in CLAIMS:
            m = claim.item.match(item)
            why = m and check(patch, m.group("funcs"), claim.old, claim.new, claim.says)
            if why:
                sys.exit(why)
    has_shutdown = any(".shutdown" in d.old + d.new for d in patch.files.values())
    if not has_shutdown and any("shutdown" in i for i in patch.items):
        sys.exit("%s: the message speaks of shutdown, the diff has none" % patch.name)


if __name__ == "__main__":
    main()
