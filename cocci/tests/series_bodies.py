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
- "f() (in N files)": N files' diffs do so;
- no function is named twice in one item;
- "shutdown" is said only where the diff has a .shutdown.
Prints the reason and exits 1 when not."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import series_patch  # noqa: E402

FUNC = re.compile(r"(\w+)\(\)(?: \(in (\d+) files\))?")
SUSPEND = re.compile(r"^The suspend callbacks? (.*) loses? (?:their|its) struct sys_device \* and "
                     r"pm_message_t arguments\.$")
RETURNS = re.compile(r"^The ([a-z ]+) callbacks? (.*) loses? (?:their|its) struct sys_device \* "
                     r"arguments? and returns? void\.$")
DEV = r"struct\s+sys_device\s*\*\s*\w*"


def count(rx, texts):
    return sum(1 for t in texts if re.search(rx, t))


def check(patch, funcs, old_rx, new_rx, what):
    seen = set()
    for name, n in FUNC.findall(funcs):
        if name in seen:
            return "%s: %s() is named twice" % (patch.name, name)
        seen.add(name)
        want = int(n or 1)
        olds = [d.old for d in patch.files.values()]
        news = [d.new for d in patch.files.values()]
        if count(old_rx % re.escape(name), olds) < want or count(new_rx % re.escape(name), news) < want:
            return "%s: %s() %s, but the diff does not show it in %d file(s)" % (patch.name, name, what, want)
    return None


def main():
    patch = series_patch.read(sys.argv[1])
    for item in patch.items:
        m = SUSPEND.match(item)
        if m:
            why = check(patch, m.group(1), r"\b%s\s*\(\s*" + DEV + r"\s*,\s*pm_message_t\b",
                        r"\b%s\s*\(\s*void\s*\)", "loses (struct sys_device *, pm_message_t)")
            if why:
                sys.exit(why)
        m = RETURNS.match(item)
        if m:
            why = check(patch, m.group(2), r"\bint\s+%s\s*\(\s*" + DEV + r"\s*\)",
                        r"\bvoid\s+%s\s*\(\s*void\s*\)", "goes from int (struct sys_device *) to void (void)")
            if why:
                sys.exit(why)
    has_shutdown = any(".shutdown" in d.old + d.new for d in patch.files.values())
    if not has_shutdown and any("shutdown" in i for i in patch.items):
        sys.exit("%s: the message speaks of shutdown, the diff has none" % patch.name)


if __name__ == "__main__":
    main()
