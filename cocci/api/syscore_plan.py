# SPDX-License-Identifier: GPL-2.0-only
"""syscore_plan.py - the decisions of the sysdev -> syscore_ops conversion.

Imported by sysdev_to_syscore_ops.cocci (its facts-pass finalize), which
has collected the facts of every file of the run with Coccinelle rules.
The planner runs in four stages, one module each:
  index   syscore_index.py   the tree's classes, drivers, devices, calls
  decide  syscore_decide.py  groups of sources, their callbacks, per source
                             what the tree allows (or a Refusal)
  place   syscore_place.py   names, sites, the file of the ops, headers;
                             writes the plan (FilePlan per file)
  emit    here               the report lines
The records are in syscore_model.py, the regex reading of C in
syscore_csource.py.  The rules are described in the header of
sysdev_to_syscore_ops.cocci.
"""
from syscore_decide import decide_group, group_sources
from syscore_index import TreeIndex
from syscore_model import NO_FACTS, ClassDecision, Pos
from syscore_place import Placer, driver_stays_for


def plan(facts, runfiles=()):
    """(reports [(file, pos, message)], plan {file: FilePlan}, wanted: the
    files outside the run that a hook's passed-on argument would need)"""
    idx = TreeIndex(facts, runfiles)
    placer = Placer(idx)
    reports = []
    for cbs, srcs, why in group_sources(idx):
        cbinfo, decisions, refused = decide_group(idx, cbs, srcs)
        why = why + refused
        if not why:
            placed = placer.place_group(srcs, cbs, cbinfo, decisions)
            if placed.group:
                reports += converted(idx, placed.group)
                continue
            why = placed.refusals
        reports += refused_group(idx, srcs, why)
    return reports + unparsed_structs(idx), placer.plan, sorted(idx.wanted)


# --- emit: the report ------------------------------------------------------------
def unparsed_structs(idx):
    """a line per sysdev struct with PM callbacks that the text of a file
    of the run defines and the facts lack, because spatch cannot parse the
    file there (a struct in #if 0, which spatch skips, is not reported)"""
    out = []
    for f in idx.runfiles:
        if idx.facts.get(f, NO_FACTS).impl:
            continue
        for kind, name, line in idx.src.pm_structs(f):
            if (f, name) in (idx.classes if kind == "class" else idx.drivers):
                continue
            bad = idx.src.parse_error(f)
            if bad is None:
                continue
            what = "sysdev class" if kind == "class" else "sysdev_driver"
            out.append((f, Pos(line, 0, line, 0),
                        "not converted: %s %s was not read: spatch cannot parse %s (parse error at "
                        "line %d, see spatch --parse-c %s)" % (what, name, f, bad, f)))
    return out


def refused_group(idx, srcs, why):
    """a line per Refusal, and one for each other source of the group"""
    out = []
    for r in why:
        pos = r.pos if r.file else idx.struct_of(r.source).pos
        out.append((r.file or r.source.file, pos,
                    "not converted: %s %s: %s" % (r.source.what, r.source.name, r.reason)))
    refused = set(r.source for r in why)
    for s in srcs:
        if s not in refused:
            out.append((s.file, idx.struct_of(s).pos,
                        "not converted: %s %s: shares its callbacks with %s, which is not converted" % (
                            s.what, s.name, ", ".join(sorted(o.name for o in refused)))))
    return out


def converted(idx, g):
    """a line per source of a group that is converted (GroupPlan G)"""
    out = []
    for s in g.srcs:
        where = placed_where(g, s)
        edits = [e.kind for e in g.edits if e.file == s.file and e.name == s.name]
        if any(k.inplace for k in edits):
            msg = "%s %s can be converted to struct syscore_ops %s%s%s%s%s%s" % (
                s.what, s.name, g.ops, where, on_boot_cpu(g), walked(g), hoisted(g), passed_on(g))
        elif any(k.removes for k in edits):
            msg = "%s %s can be converted: its callbacks go to struct syscore_ops %s%s%s%s%s" % (
                s.what, s.name, g.ops, where, on_boot_cpu(g), walked(g), passed_on(g))
        else:
            d = g.decisions[s]
            reason = ", ".join(d.stay) if s.kind == "class" else driver_stays_for(d)
            msg = "%s %s: its PM callbacks can move to struct syscore_ops %s%s%s%s%s; the %s stays for %s" % (
                s.what, s.name, g.ops, where, on_boot_cpu(g), walked(g), passed_on(g), s.kind, reason)
        out.append((s.file, idx.struct_of(s).pos, msg))
    return out


def hoisted(g):
    """ " (... P a local of F(): P becomes the file-scope pointer X)" for
    the classes whose one object a local pointed to, else "" """
    out = ["its one sys_device is %s, %s a local of %s(): %s becomes the file-scope pointer %s" % (
        e.expr(), e.local, e.func, e.local, e.obj) if not e.bound else
        "its sys_devices are %s, %s a local of %s() set once per turn of its loop over %s: %s becomes "
        "%s[%s], of a file-scope array of %s pointers" % (
            e.expr(), e.local, e.func, e.index, e.local, e.obj, e.index, e.bound)
        for d in g.decisions.values() if isinstance(d, ClassDecision) for e in d.embedded if e.local]
    return " (%s)" % "; ".join(out) if out else ""


def walked(g):
    """how callbacks that found their instance from their sys_device find
    them now: " (...)" naming the collection, else "" """
    walks = [(cb, ci.walk) for cb, ci in sorted(g.cbinfo.items()) if ci.walk]
    if not walks:
        return ""
    w = walks[0][1]
    cbs = "(), ".join(cb for cb, _ in walks)
    if w.walk == "list":
        what = "the list %s, whose entries %s() registers" % (w.head, w.adder)
    elif w.walk == "chain":
        what = "the chain %s through ->%s from its head (its one order: the last one %s() pushed first)" % (
            w.head, w.link, w.adder)
    elif w.walk == "ptrarray":
        what = "%s[0 .. %s - 1], the objects %s() allocated (none where it is NULL)" % (
            w.head, w.bound, w.adder)
    else:
        what = "%s[0 .. %s - 1], registered in a loop in %s()" % (w.head, w.bound, w.adder)
    locked = ["%s() under %s, as %s() do%s" % (cb, w.lock, "(), ".join(w.walkers),
                                              "" if len(w.walkers) > 1 else "es")
              for cb, _ in walks if g.cbinfo[cb].slot == "shutdown" and w.lock]
    return " (%s() walk%s %s%s)" % (cbs, "" if len(walks) > 1 else "s", what,
                                   "; " + ", ".join(locked) if locked else "")


def passed_on(g):
    """ " (...)" naming the arguments that callbacks only passed on and
    that go from where they went (a collateral evolution), else "" """
    said = [fw.gone(cb) for cb, ci in sorted(g.cbinfo.items()) for fw in ci.forwards]
    return " (%s)" % "; ".join(said) if said else ""


def on_boot_cpu(g):
    """why callbacks that took the CPU from their sys_device are right on
    smp_processor_id()"""
    if not any(ci.cpu for ci in g.cbinfo.values()):
        return ""
    renames = ["%s() -> %s()" % (cb, ci.rename) for cb, ci in sorted(g.cbinfo.items()) if ci.rename]
    return (", on the boot CPU: they use their struct sys_device * only for its CPU number, "
            "and syscore callbacks run once, with only the boot CPU online, so dev->id "
            "becomes smp_processor_id()%s" % (
                " and their names say bp (boot processor): " + ", ".join(renames) if renames else ""))


def placed_where(g, s):
    """" (registered in FILES)", and where a platform's ops goes"""
    elsewhere = sorted(set(site.file for site in g.regsites if site.file != s.file))
    where = " (registered in %s)" % ", ".join(elsewhere) if elsewhere else ""
    if g.platform and not g.inplace:
        where = " (defined in %s, registered in %s)" % (
            g.deffile, ", ".join(sorted(set(site.file for site in g.regsites))))
        outside = [cb for cb in g.platform if g.cbinfo[cb].file is None and not g.cbinfo[cb].defs]
        perplat = [cb for cb in g.platform if g.cbinfo[cb].defs]
        if perplat:
            defs = sorted(set(f for cb in perplat for f in g.cbinfo[cb].defs))
            where += "; %s() %s declared in %s and defined in %d files: %s (converted alike)" % (
                "(), ".join(perplat), "is" if len(perplat) == 1 else "are",
                " and ".join(g.cbinfo[perplat[0]].protos), len(defs), ", ".join(defs))
        if outside:
            where += "; %s() %s defined in none of the files scanned: convert %s with %s" % (
                "(), ".join(outside), "is" if len(outside) == 1 else "are",
                "it" if len(outside) == 1 else "them", " and ".join(g.cbinfo[outside[0]].protos))
    return where
