#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""series.py - how convert-tree.sh cuts a converted tree into commits.

Usage: series.py commits PLAN.json CHANGED
       series.py subject DIR KIND

commits: CHANGED lists the converted files, one per line; PLAN.json is
the plan the semantic patch wrote.  Prints one line per commit, in the
order of the series: its subsystem directory, then its files,
tab-separated (a file name may hold spaces).  Files go together when they
share a directory, an ops (defined, declared or registered in them), or
a callback whose prototype one of them declares (a platform's callbacks,
defined per platform: the prototype and every definition change in one
commit, or a commit between would not build).

subject: the commit's subject for subsystem DIR (a commits line's first
field) and KIND, the first line of describe-plan.py ("class", "driver",
"class+driver", "none").
"""
import enum
import os
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "api"))
import syscore_model  # noqa: E402


@dataclass
class Commit:
    """one commit of the series: its subsystem directory and its files"""
    directory: str
    files: list


class Kind(enum.Enum):
    """what a commit converts (describe-plan.py's first line; "none" when
    the plan names no class or driver of its files)"""
    CLASS = "class"
    DRIVER = "driver"
    CLASS_AND_DRIVER = "class+driver"
    NONE = "none"


SUBJECT_TAIL = {
    Kind.CLASS: "Use syscore_ops instead of sysdev classes and sysdevs",
    Kind.DRIVER: "Use syscore_ops instead of sysdev drivers",
    Kind.CLASS_AND_DRIVER: "Use syscore_ops instead of sysdev classes and drivers",
    Kind.NONE: "Use syscore_ops instead of sysdev classes and sysdevs",
}


class Groups:
    """union-find over the changed files"""

    def __init__(self, files):
        self.parent = {f: f for f in files}

    def find(self, f):
        while self.parent[f] != f:
            self.parent[f] = self.parent[self.parent[f]]
            f = self.parent[f]
        return f

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)

    def sets(self):
        out = {}
        for f in self.parent:
            out.setdefault(self.find(f), []).append(f)
        return list(out.values())


def shared_names(plan, changed):
    """name -> the changed files that define, declare or register it: the
    ops, and the callbacks whose prototype a changed file declares"""
    declared = set(cb for f in changed if f in plan for cb in plan[f].protos)
    users = {}
    for f in changed:
        if f not in plan:
            continue
        names = plan[f].ops_names()
        names |= set("%s()" % cb for cb in set(plan[f].protos) | set(plan[f].callbacks)
                     if cb in declared)
        for n in names:
            users.setdefault(n, []).append(f)
    return users


def subsystem(files):
    """the directory FILES share, and which of its subdirectories they
    are in ("arch/arm/mach-pxa, plat-pxa")"""
    dirs = sorted(set(os.path.dirname(f) for f in files))
    top = os.path.commonpath(dirs)
    subs = sorted(set(os.path.relpath(d, top).split("/")[0] for d in dirs) - {"."})
    if not subs:
        return top
    if len(subs) == 1:
        return top + "/" + subs[0]
    if len(subs) <= 3:
        return top + "/" + ", ".join(subs)
    return top + "/" + "%s and %d more" % (", ".join(subs[:2]), len(subs) - 2)


def commits(plan, changed):
    """the series' commits, ordered by the files' common path"""
    groups = Groups(changed)
    for f in changed:
        for g in changed:
            if os.path.dirname(g) == os.path.dirname(f):
                groups.union(f, g)
    for fs in shared_names(plan, changed).values():
        for f in fs[1:]:
            groups.union(fs[0], f)
    ordered = sorted(groups.sets(), key=os.path.commonpath)
    return [Commit(subsystem(fs), sorted(fs)) for fs in ordered]


def prefix(directory):
    """the subsystem's own subject prefix: "ARM: pxa", "MIPS: alchemy",
    "x86", "powerpc: cell", "leds" (what its maintainers write, not the
    path); a group of sibling directories is named by the first"""
    parts = directory.split(",")[0].replace("/", " ").split()
    if not parts:
        return "sysdev"
    if parts[0] == "arch":
        arch = parts[1] if len(parts) > 1 else ""
        if arch in ("arm", "mips"):
            arch = arch.upper()
        sub = parts[2] if len(parts) > 2 else ""
        if sub.startswith(("mach-", "plat-")):
            sub = sub.split("-", 1)[1]
        elif sub == "platforms":
            sub = parts[3] if len(parts) > 3 else ""
        if sub in ("kernel", "include", "mm", "lib", "sysdev", "common", "boot", "") or "." in sub:
            return arch
        return "%s: %s" % (arch, sub)
    if parts[0] == "drivers":
        name = parts[1] if len(parts) > 1 else "driver core"
        return {"base": "driver core", "acpi": "ACPI"}.get(name, name)
    return parts[-1]


def subject(directory, kind):
    return "%s: %s" % (prefix(directory), SUBJECT_TAIL[kind])


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "commits":
        plan = syscore_model.load_plan(args[1])
        with open(args[2]) as f:
            changed = [line.strip() for line in f if line.strip()]
        for c in commits(plan, changed):
            print(c.directory + "\t" + "\t".join(c.files))
    elif len(args) == 3 and args[0] == "subject":
        try:
            kind = Kind(args[2])
        except ValueError:
            sys.exit("series.py: unknown kind '%s' (%s)" % (args[2], ", ".join(k.value for k in Kind)))
        print(subject(args[1], kind))
    else:
        sys.exit("usage: series.py commits PLAN.json CHANGED | series.py subject DIR KIND")


if __name__ == "__main__":
    main()
