#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""describe-plan.py - what a conversion does, for its commit message.

Usage: describe-plan.py [--tree DIR] PLAN.json FILE...

PLAN.json is the plan sysdev_to_syscore_ops.cocci wrote (cocci/api/syscore.sh
keeps it with SYSCORE_KEEP=dir); DIR holds the FILEs as converted (the
plan says which init functions may go; the converted file says which
did).  Prints, for the FILEs of one commit:
  line 1:   "class", "driver", "class+driver" (what is converted) or "none"
  then:     the body of the commit message, wrapped at 72 columns.
"""
import os
import re
import sys
import textwrap

# the records of the semantic patch's planner (cocci/api/syscore_model.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "api"))
from syscore_model import NO_PLAN, load_plan  # noqa: E402

TEXT = {
    ("class", "inplace"): "the sysdev class %(name)s becomes struct syscore_ops %(ops)s and "
                          "its sys_device goes",
    ("class", "strip"): "the sysdev class %(name)s stays for %(why)s; its PM callbacks move "
                        "to struct syscore_ops %(ops)s",
    ("class", "remove"): "the sysdev class %(name)s and its sys_device go, their callbacks "
                         "are in struct syscore_ops %(ops)s",
    ("driver", "inplace"): "the sysdev driver %(name)s becomes struct syscore_ops %(ops)s",
    ("driver", "strip"): "the sysdev driver %(name)s stays for %(why)s; its PM callbacks "
                         "move to struct syscore_ops %(ops)s",
    ("driver", "remove"): "the sysdev driver %(name)s goes, its callbacks are in struct "
                          "syscore_ops %(ops)s",
}


def names(xs):
    xs = list(xs)
    if len(xs) <= 1:
        return "".join(xs)
    return ", ".join(xs[:-1]) + " and " + xs[-1]


def defines(tree, path, func):
    """whether file PATH of TREE (converted) still defines function FUNC"""
    try:
        with open(os.path.join(tree, path), errors="replace") as src:
            text = src.read()
    except OSError:
        return True
    return re.search(r"\b%s\s*\([^;{]*\)\s*\{" % re.escape(func), text) is not None


def main():
    args = sys.argv[1:]
    tree = None
    if args[:1] == ["--tree"]:
        tree, args = args[1], args[2:]
    plan = load_plan(args[0])
    files = args[1:]
    kinds = set()
    what = []
    stays = False
    cbs, folds, nops, cpu_cbs = [], [], [], []
    regs, added, unregs, renames, headers, gone = set(), set(), set(), [], [], []
    for f in files:
        p = plan.get(f, NO_PLAN)
        for kind, what_ in (("classes", "class"), ("drivers", "driver")):
            for X, x in sorted(getattr(p, kind).items()):
                kinds.add(what_)
                stays = stays or x["do"] == "strip"
                what.append(TEXT[(what_, x["do"] if x["do"] in ("inplace", "strip") else "remove")] % {
                    "name": X, "ops": x["ops"],
                    "why": x.get("why", "sysfs" if what_ == "class" else ".add/.remove")})
        for F, c in sorted(p.callbacks.items()):
            if c["fold"]:
                folds.append("The wrapper %s() goes: it only called %s(), which already "
                             "has the syscore signature, so the ops point at %s()"
                             % (F, c["fold"], c["fold"]))
            elif c["nop"]:
                nops.append("%s()" % F)
            else:
                cbs.append((F, c["slot"]))
            if c.get("cpu"):
                cpu_cbs.append("%s()" % F)
        for k, c in p.calls.items():
            func = k.split("|")[0]
            if c["do"].endswith("-un"):
                unregs.add(func)
            elif c["do"] in ("before", "after"):
                added.add(p.renames.get(func, func))
            elif not c["do"].startswith("remove"):
                regs.add(p.renames.get(func, func))
        for I, I2 in sorted(p.renames.items()):
            renames.append("The init function %s() is renamed %s()" % (I, I2))
        if p.externs:
            headers.append(f)
        if tree:
            gone += ["%s()" % I for I in p.initcalls if not defines(tree, f, I)]
    kind = "+".join(k for k in ("class", "driver") if k in kinds) or "none"
    on = sorted(set(c for f in files for d in plan.get(f, NO_PLAN).drivers.values()
                    for c in d.get("on", [])))
    out = []
    if cpu_cbs:
        out.append("The PM callbacks of the sysdev driver on cpu_sysdev_class here "
                   "use their sys_device only for the CPU's number.  The sysdev core "
                   "calls them on the boot CPU with interrupts disabled, after the "
                   "other CPUs have been taken offline (CPU hotplug has dealt with "
                   "their state).  struct syscore_ops calls them once, in that same "
                   "context, so move the callbacks to syscore_ops and take the CPU's "
                   "number from smp_processor_id(): they now act on the boot CPU "
                   "only, which is what syscore means.  The driver stays for the "
                   "rest.")
    elif kind == "driver" and on == ["cpu_sysdev_class"]:
        out.append("The sysdev driver on cpu_sysdev_class here only exists for its "
                   "PM callbacks, which the sysdev core calls for each CPU's "
                   "sys_device with one CPU on-line and interrupts disabled, and "
                   "which do not look at the device.  struct syscore_ops calls them "
                   "once, in that same context, without a driver or arguments the "
                   "callbacks never use, so move the callbacks to syscore_ops.")
    elif kind == "driver":
        out.append("The PM callbacks of the sysdev driver%s on %s run with one CPU "
                   "on-line and interrupts disabled, for the sys_device of that "
                   "class.  struct syscore_ops does exactly that without a driver, a "
                   "device or arguments the callbacks never use, so move the "
                   "callbacks to syscore_ops, registered where the device was."
                   % ("s" if sum(len(plan.get(f, NO_PLAN).drivers) for f in files) > 1 else "",
                      names(on)))
    elif stays:
        out.append("The PM callbacks of the sysdev class%s here run with one "
                   "CPU on-line and interrupts disabled.  struct syscore_ops calls "
                   "them in that same context without a device or arguments the "
                   "callbacks never use, so move the callbacks to syscore_ops; what "
                   "else the class carries stays on it." % (
                       "es" if sum(len(plan.get(f, NO_PLAN).classes) for f in files) > 1 else ""))
    else:
        out.append("The sysdev class and sys_device here exist only to get "
                   "suspend/resume (and shutdown) callbacks called with one CPU "
                   "on-line and interrupts disabled.  struct syscore_ops does exactly "
                   "that without a class, a device or arguments the callbacks never "
                   "use, so convert the code to syscore_ops.")
    items = ["T" + w[1:] for w in what]
    if cbs:
        void = [F + "()" for F, slot in cbs if slot != "suspend"]
        items.append("The callback%s %s lose%s %s struct sys_device * and pm_message_t "
                     "arguments%s" % ("s" if len(cbs) > 1 else "", names(F + "()" for F, _ in cbs),
                                      "" if len(cbs) > 1 else "s", "their" if len(cbs) > 1 else "its",
                                      "; %s return%s void" % (names(void), "" if len(void) > 1 else "s")
                                      if void else ""))
    if cpu_cbs:
        items.append("%s take%s the CPU's number from smp_processor_id() instead of "
                     "the sys_device's id" % (names(cpu_cbs), "" if len(cpu_cbs) > 1 else "s"))
    items += folds
    if nops:
        items.append("The suspend callback%s %s did nothing but return 0 and go%s" % (
            "s" if len(nops) > 1 else "", names(nops), "" if len(nops) > 1 else "es"))
    if regs:
        items.append("The ops are registered by %s instead" % names("%s()" % r for r in sorted(regs)))
    if added:
        items.append("The ops are %sregistered by %s, next to the registrations "
                     "that stay" % ("also " if regs else "", names("%s()" % r for r in sorted(added))))
    if gone:
        items.append("The init function%s %s, which only registered what is gone, "
                     "go%s with %s initcall%s" % (
                         "s" if len(gone) > 1 else "", names(gone), "" if len(gone) > 1 else "es",
                         "their" if len(gone) > 1 else "its", "s" if len(gone) > 1 else ""))
    if unregs:
        items.append("They are unregistered by %s" % names("%s()" % r for r in sorted(unregs)))
    items += renames
    if headers:
        items.append("%s declare%s the ops for the files that register them" % (
            names(sorted(set(headers))), "s" if len(set(headers)) == 1 else ""))
    print(kind)
    print(textwrap.fill(out[0], 72))
    print()
    for it in items:
        print(textwrap.fill(it + ".", 72, initial_indent="- ",
                            subsequent_indent="  "))


if __name__ == "__main__":
    main()
