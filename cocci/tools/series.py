#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""series.py - how convert-tree.sh cuts a converted tree into commits.

Usage: series.py plan PLAN.json CHANGED MAINTAINERS TREE OUTDIR [CONVERTED]
       series.py subject PREFIX KIND CLASSES DRIVERS
       series.py cover PLANDIR REPORT

plan: CHANGED lists the converted files, one per line; PLAN.json is the
plan the semantic patch wrote; MAINTAINERS the tree's ("-": none).  One
commit per MAINTAINERS area (a file's most specific entry; an entry that
claims it only through a directory above its own, like F: arch/arm/, is
split by directory).  Areas go in one commit only when a build link ties
them: an ops that is not static, defined, declared or registered in
files of both, or a callback whose prototype one declares and another
defines (a commit between would not build); the commit's message names
each link.  Each commit gets a subject prefix: the most common one of
the files' own history when TREE is a git repository, else the kernel's
convention for their path ("ARM: pxa", "x86/apic", "ACPI"), made unique
within the series.  Writes OUTDIR/NNNN/{files,prefix,areas,links,scope}, one
directory per commit, in the series' order; names on stderr each file
no entry but the catch-all claims.  With CONVERTED (a directory holding
the files as converted), also each commit's subject, body (describe-
plan.py's, for its files) and rcpt (To:/Cc: from MAINTAINERS, for when
get_maintainer.pl cannot run): one process for the whole series.

cover: the cover letter's text for the commits of PLANDIR (plan's
OUTDIR) and the report REPORT.

subject: the subject for PREFIX and what the commit converts: KIND, the
first word of describe-plan.py's first line ("class", "driver",
"class+driver", "none"), CLASSES and DRIVERS the counts after it.
"""
import collections
import enum
import importlib.util
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "api"))
import syscore_model  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import maintainers  # noqa: E402

# describe-plan.py: the message body of a commit (a script's name, loaded
# as a module)
_spec = importlib.util.spec_from_file_location(
    "describe_plan", os.path.join(os.path.dirname(os.path.abspath(__file__)), "describe-plan.py"))
describe = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(describe)
names = describe.names


class Kind(enum.Enum):
    """what a commit converts (describe-plan.py's first line; "none" when
    the plan names no class or driver of its files)"""
    CLASS = "class"
    DRIVER = "driver"
    CLASS_AND_DRIVER = "class+driver"
    NONE = "none"


class Role(enum.Enum):
    """what a file of an ops link does with the ops"""
    DEFINES = "defined"
    DECLARES = "declared"
    REGISTERS = "registered"


class LinkKind(enum.Enum):
    """why two files of different areas must change in one commit"""
    OPS = "ops"             # one defines an ops another registers or declares
    PROTOTYPE = "prototype"  # one declares a callback another defines
    MOVES = "moves"         # a sysdev class or driver's callbacks move to an ops defined elsewhere
    ARGUMENT = "argument"   # a hook loses an argument in its struct, its implementations, its calls


@dataclass
class Link:
    """a build link: NAME (an ops or a callback) ties FILES together; ROLES
    {file: Role} for an ops; HEADERS, the files declaring a prototype"""
    kind: LinkKind
    name: str
    files: list
    roles: dict
    headers: list
    source: str = ""

    def moves(self):
        return ("The PM callbacks of the sysdev %s in %s move to %s in %s"
                % (self.source, self.files[0], self.name, self.files[1]))

    def sentence(self):
        if self.kind == LinkKind.MOVES:
            return self.moves()
        if self.kind == LinkKind.ARGUMENT:
            S, m = self.name.split(".")
            return ("The member %s of struct %s loses the argument a converted callback passed on, in "
                    "its struct, its implementations and its calls: %s" % (m, S, names(self.files)))
        if self.kind == LinkKind.OPS:
            parts = ["%s in %s" % (role.value, names(f for f in self.files if self.roles[f] == role))
                     for role in Role if role in self.roles.values()]
            return "The syscore_ops %s is %s" % (self.name, names(parts))
        defs = [f for f in self.files if f not in self.headers]
        return "%s() is declared in %s and defined in %s" % (self.name, names(self.headers), names(defs))


@dataclass
class Commit:
    """one commit of the series: its files, their MAINTAINERS areas, the
    build links that tie areas together, its subject prefix"""
    files: list
    areas: list
    links: list
    prefix: str = ""
    unclaimed: bool = False     # no MAINTAINERS entry claims its files

    def scope(self):
        """which part of the tree's diff the commit is, for its message"""
        if self.unclaimed:
            return "the files in %s" % names(self.areas)
        if len(self.areas) == 1:
            return "the files of the MAINTAINERS entry %s" % self.areas[0]
        return "the files of the MAINTAINERS entries named above"


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


def static_ops(p):
    """the ops file plan P defines static: its name means nothing elsewhere"""
    found = {o.name for o in p.ops if o.static}
    found |= {d.ops for kind in (p.classes, p.drivers) for d in kind.values() if d.static}
    return found


def ops_role(p, name):
    """what file plan P does with the ops NAME"""
    if name in {o.name for o in p.ops} | {d.ops for k in (p.classes, p.drivers)
                                          for d in k.values() if d.do == syscore_model.Do.INPLACE}:
        return Role.DEFINES
    if name in {e.ops for e in p.externs}:
        return Role.DECLARES
    if name in {o for c in p.calls.values() for o in c.ops_names()}:
        return Role.REGISTERS
    return None


def links(plan, changed):
    """the build links among the changed files: an ops that is not static
    and is named in several files; a callback whose prototype a changed
    file declares, with its definitions"""
    declared = set(cb for f in changed if f in plan for cb in plan[f].protos)
    users = {}
    for f in changed:
        p = plan.get(f)
        if p is None:
            continue
        for n in p.ops_names() - static_ops(p):
            role = ops_role(p, n)
            if role is not None:
                users.setdefault((LinkKind.OPS, n), {})[f] = role
        for cb in (set(p.protos) | set(p.callbacks)) & declared:
            users.setdefault((LinkKind.PROTOTYPE, cb), {})[f] = None
        for hook in set(d.hook for d in p.drops or [] if d.hook):
            users.setdefault((LinkKind.ARGUMENT, hook), {})[f] = None
    found = []
    for (kind, name), roles in sorted(users.items(), key=lambda kv: (kv[0][0].value, kv[0][1])):
        if len(roles) > 1:
            headers = sorted(f for f in roles if name in plan[f].protos) if kind == LinkKind.PROTOTYPE else []
            found.append(Link(kind, name, sorted(roles), roles if kind == LinkKind.OPS else {}, headers))
    return found + moves(plan, changed)


def moves(plan, changed):
    """the classes and drivers that stay while their callbacks move to an
    ops another changed file defines"""
    definers = {}
    for f in changed:
        for n in plan[f].ops_names() if f in plan else ():
            if ops_role(plan[f], n) == Role.DEFINES:
                definers.setdefault(n, []).append(f)
    found = []
    for f in changed:
        p = plan.get(f)
        for kind, sources in (("class", p.classes if p else {}), ("driver", p.drivers if p else {})):
            for name, s in sorted(sources.items()):
                for g in definers.get(s.ops, []):
                    if g != f and s.do != syscore_model.Do.INPLACE:
                        found.append(Link(LinkKind.MOVES, s.ops, [f, g], {}, [], "%s %s" % (kind, name)))
    return found


def area_of(entries, f):
    """F's MAINTAINERS area; an entry claiming F through a directory above
    F's own (F: arch/arm/ for arch/arm/mach-foo/bar.c) is split by
    directory: its maintainers take a platform's patches one by one"""
    a = maintainers.area(entries, f)
    if a.entry is None:
        return a.name
    best = a.pattern
    if best.endswith("/") and best.rstrip("/") != os.path.dirname(f) and "*" not in best:
        return "%s (%s)" % (a.name, os.path.dirname(f))
    return a.name


def commits(plan, changed, entries):
    """the series' commits: one per MAINTAINERS area, areas joined only by
    build links; ordered by the files' common path"""
    area = {f: area_of(entries, f) for f in changed}
    groups = Groups(changed)
    first = {}
    for f in changed:
        groups.union(f, first.setdefault(area[f], f))
    found = links(plan, changed)
    for link in found:
        for f in link.files[1:]:
            groups.union(link.files[0], f)
    out = []
    for fs in sorted(groups.sets(), key=os.path.commonpath):
        areas = sorted(set(area[f] for f in fs))
        crossing = [li for li in found if set(li.files) <= set(fs)
                    and len(set(area[f] for f in li.files)) > 1] if len(areas) > 1 else []
        unclaimed = all(maintainers.area(entries, f).entry is None for f in fs)
        out.append(Commit(sorted(fs), areas, crossing, unclaimed=unclaimed))
    return out


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


# what the kernel's subjects call a few core directories
CORE_PREFIX = {"drivers/acpi": "ACPI", "drivers/base": "driver core", "kernel/irq": "genirq",
               "kernel/time": "timekeeping", "virt/kvm": "KVM", "drivers/cpufreq": "cpufreq"}
# directories that name no subsystem of their own
PLAIN = ("kernel", "include", "asm", "plat", "mach", "mm", "lib", "common", "boot", "")


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def arch_prefix(parts, files):
    """ARM and MIPS write "ARM: pxa", x86 and powerpc "x86/apic",
    "powerpc/powermac"; the rest "avr32: at32ap" """
    arch = parts[1] if len(parts) > 1 else ""
    rest = [p for p in parts[2:] if p not in PLAIN and p not in ("platforms", "sysdev", "cpu")]
    sub = rest[0] if rest else ""
    if sub.startswith(("mach-", "plat-")):
        sub = sub.split("-", 1)[1]
    if arch in ("x86", "powerpc"):
        if not sub and len(files) == 1:
            sub = stem(files[0]).replace("_", "")
        return arch + ("/" + sub if sub else "")
    arch = arch.upper() if arch in ("arm", "mips") else arch
    return arch + (": " + sub if sub else "")


def main_directory(c):
    """the directory a commit is named after: that of the file in most of
    its build links (the header that ties platforms together), else the
    one most of its files are in"""
    weight = collections.Counter(f for li in c.links for f in li.files)
    dirs = collections.Counter(os.path.dirname(f) for f in c.files)
    hub = max(c.files, key=lambda f: (weight[f], dirs[os.path.dirname(f)]))
    return os.path.dirname(hub)


def path_prefix(directory, files):
    """the subject prefix the kernel's conventions give DIRECTORY"""
    for d, name in CORE_PREFIX.items():
        if directory == d or directory.startswith(d + "/"):
            return name
    parts = directory.split("/")
    if parts[0] == "arch":
        return arch_prefix(parts, files)
    if parts[0] == "drivers" and len(parts) > 1:
        return parts[-1]
    return parts[-1] or "treewide"


def history_prefix(tree, files):
    """the most common prefix of the last commits touching FILES in TREE,
    when TREE is a git repository ("" otherwise, or with no prefixes)"""
    try:
        log = subprocess.run(["git", "-C", tree, "log", "-n", "50", "--no-merges", "--format=%s",
                              "--"] + files, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    seen = [s.rsplit(": ", 1)[0] for s in log.stdout.splitlines()
            if ": " in s and not s.startswith(("Revert", "Merge"))]
    counts = collections.Counter(seen)
    best = max(seen, key=lambda p: counts[p], default="")
    return best if counts[best] > 1 else ""


def set_prefixes(series, tree):
    """each commit's prefix, from the files' history or their path; where
    two commits would share one, the smaller ones add their first file's
    name, so that no two subjects of the series are equal"""
    for c in series:
        c.prefix = (tree and history_prefix(tree, c.files)) or path_prefix(main_directory(c), c.files)
    by_prefix = collections.defaultdict(list)
    for c in series:
        by_prefix[c.prefix].append(c)
    for same in by_prefix.values():
        for c in sorted(same, key=lambda c: -len(c.files))[1:]:
            c.prefix += "/" + stem(c.files[0]).replace("_", "-")
    taken = collections.Counter(c.prefix for c in series)
    for c in series:
        if taken[c.prefix] > 1:
            c.prefix += " (%s)" % subsystem(c.files)


def subject(prefix, kind, n_classes, n_drivers):
    """"PREFIX: Use syscore_ops instead of sysdev class(es)/driver(s)",
    singular or plural as the commit"""
    parts = []
    if kind in (Kind.CLASS, Kind.CLASS_AND_DRIVER):
        parts.append("sysdev class" + ("es" if n_classes > 1 else ""))
    if kind in (Kind.DRIVER, Kind.CLASS_AND_DRIVER):
        parts.append(("sysdev driver" if not parts else "driver") + ("s" if n_drivers > 1 else ""))
    if not parts:
        return "%s: Use syscore_ops for the sysdev PM callbacks" % prefix
    return "%s: Use syscore_ops instead of %s" % (prefix, " and ".join(parts))


def write_plan(series, outdir):
    """OUTDIR/NNNN/: files (one per line), prefix, areas, scope (the
    sentence naming its part of the diff), links (the
    paragraph naming the build links, empty when the commit keeps to one
    area)"""
    for i, c in enumerate(series, 1):
        d = os.path.join(outdir, "%04d" % i)
        os.makedirs(d)
        put(d, "files", "".join(f + "\n" for f in c.files))
        put(d, "prefix", c.prefix + "\n")
        put(d, "areas", "".join(a + "\n" for a in c.areas))
        put(d, "links", links_paragraph(c))
        put(d, "scope", c.scope() + "\n")


def write_messages(series, plan, entries, converted, outdir):
    """each commit's subject, body and MAINTAINERS recipients"""
    for i, c in enumerate(series, 1):
        d = os.path.join(outdir, "%04d" % i)
        facts = describe.gather(plan, c.files, converted)
        put(d, "subject", subject(c.prefix, Kind(facts.kind()), facts.n_classes, facts.n_drivers) + "\n")
        put(d, "body", describe.body(facts))
        to, cc = maintainers.recipients(entries, c.files)
        put(d, "rcpt", "To: %s\nCc: %s\n" % (", ".join(to), ", ".join(cc)))


def put(d, name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)


def links_paragraph(c):
    """why the commit spans several MAINTAINERS entries: one item per link"""
    if not c.links:
        return ""
    lines = [fill("These files are in %d MAINTAINERS entries (%s), but change in one "
                  "commit so that every commit builds and runs each callback once:" % (len(c.areas), "; ".join(c.areas)))]
    lines += [fill(li.sentence() + ".", "- ", "  ") for li in c.links]
    return "\n".join(lines) + "\n"


def fill(text, first="", rest=""):
    return textwrap.fill(text, 72, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=False)


@dataclass
class ReportLine:
    """one line of the semantic patch's report: FILE and what it says"""
    file: str
    converted: bool
    text: str


def read_report(path):
    out = []
    with open(path) as f:
        for line in f:
            where, _, text = line.rstrip("\n").partition(": ")
            out.append(ReportLine(where.split(":")[0], ": not converted: " not in line
                                  and "cannot parse" not in line, text))
    return out


def cover(plandir, report_path):
    """the cover letter's blurb: why, the table of commits (files, sources
    converted), what the semantic patch refused and why"""
    report = read_report(report_path)
    rows = []
    for d in sorted(os.listdir(plandir)):
        with open(os.path.join(plandir, d, "files")) as f:
            files = [x.rstrip("\n") for x in f if x.strip()]
        with open(os.path.join(plandir, d, "prefix")) as f:
            prefix = f.read().strip()
        rows.append((int(d), len(files), sum(1 for r in report if r.converted and r.file in files), prefix))
    converted = sum(1 for r in report if r.converted)
    refused = [r for r in report if not r.converted]
    out = [fill("The sysdev class and driver PM callbacks converted here run with one CPU "
                "on-line and interrupts disabled, from suspend, hibernation and "
                "reboot/power-off.  struct syscore_ops calls its callbacks in that same "
                "context without a device, a class or arguments they never use, so "
                "move them to syscore_ops (as upstream did in 2.6.39 and 3.0)."), "",
           fill("The series is cut by MAINTAINERS entry: each patch goes to the "
                "maintainers of its files; where files of several entries must "
                "change together for every commit to build, the patch says why."), "",
           "  #  files  sources  patch (the subjects are below)"]
    out += ["%3d  %5d  %7d  %s" % row for row in rows]
    sources = sorted(set(re.sub(r"^not converted: (sysdev \w+ \w+).*", r"\1", r.text) for r in refused))
    left = ("left none as they are." if not refused else
            "left %d as they are, for the %d reason%s the report gives:" % (
                len(sources), len(refused), "" if len(refused) == 1 else "s"))
    out += ["", fill("The semantic patch converted %d sysdev classes and drivers (the "
                     "sources column) and %s" % (converted, left))]
    out += [fill("%s: %s" % (r.file, r.text), "- ", "  ") for r in refused]
    return "\n".join(out) + "\n"


def main():
    args = sys.argv[1:]
    if len(args) in (6, 7) and args[0] == "plan":
        _, plan_json, changed_list, maintainers_file, tree, outdir = args[:6]
        converted = args[6] if len(args) == 7 else None
        plan = syscore_model.load_plan(plan_json)
        with open(changed_list) as f:
            changed = [line.rstrip("\n") for line in f if line.strip()]
        entries = maintainers.read(maintainers_file)
        series = commits(plan, changed, entries)
        set_prefixes(series, tree)
        write_plan(series, outdir)
        if converted:
            write_messages(series, plan, entries, converted, outdir)
        if entries:
            for f in changed:
                if maintainers.area(entries, f).entry is None:
                    print("series.py: %s is in no MAINTAINERS entry but %s: its commit is cut by "
                          "its directory" % (f, maintainers.CATCH_ALL), file=sys.stderr)
    elif len(args) == 5 and args[0] == "subject":
        try:
            kind = Kind(args[2])
        except ValueError:
            sys.exit("series.py: unknown kind '%s' (%s)" % (args[2], ", ".join(k.value for k in Kind)))
        print(subject(args[1], kind, int(args[3]), int(args[4])))
    elif len(args) == 3 and args[0] == "cover":
        sys.stdout.write(cover(args[1], args[2]))
    else:
        sys.exit("usage: series.py plan PLAN.json CHANGED MAINTAINERS TREE OUTDIR [CONVERTED] | "
                 "series.py subject PREFIX KIND CLASSES DRIVERS | series.py cover PLANDIR REPORT")


if __name__ == "__main__":
    main()
