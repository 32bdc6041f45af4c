#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""describe-plan.py - what a conversion does, for its commit message.

Usage: describe-plan.py [--tree DIR] PLAN.json FILE...

PLAN.json is the plan sysdev_to_syscore_ops.cocci wrote (cocci/api/syscore.sh
keeps it with SYSCORE_KEEP=dir); DIR holds the FILEs as converted (the
plan says which init functions may go; the converted file says which
did).  Prints, for the FILEs of one commit:
  line 1:   "class", "driver", "class+driver" (what is converted) or "none",
            then how many classes and drivers: "class+driver 2 1"
  then:     the body of the commit message, wrapped at 72 columns.
"""
import os
import re
import sys
import textwrap
from dataclasses import dataclass, field

# the records of the semantic patch's planner (cocci/api/syscore_model.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "api"))
from syscore_model import NO_PLAN, CallDo, Do, DropAt, load_plan  # noqa: E402

TEXT = {
    ("class", Do.INPLACE): "the sysdev class %(name)s becomes struct syscore_ops %(ops)s and "
                          "its sys_device goes",
    ("class", Do.STRIP): "the sysdev class %(name)s stays for %(why)s; its PM callbacks move "
                        "to struct syscore_ops %(ops)s",
    ("class", Do.REMOVE): "the sysdev class %(name)s and its sys_device go, their callbacks "
                         "are in struct syscore_ops %(ops)s",
    ("driver", Do.INPLACE): "the sysdev driver %(name)s becomes struct syscore_ops %(ops)s",
    ("driver", Do.STRIP): "the sysdev driver %(name)s stays for %(why)s; its PM callbacks "
                         "move to struct syscore_ops %(ops)s",
    ("driver", Do.REMOVE): "the sysdev driver %(name)s goes, its callbacks are in struct "
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


@dataclass
class Facts:
    """what the plan says of one commit's files, as its message tells it"""
    kinds: set = field(default_factory=set)       # "class", "driver"
    what: list = field(default_factory=list)      # one line per source
    stays: bool = False                           # a class or driver stays
    cbs: list = field(default_factory=list)       # (callback, slot) that change
    folds: list = field(default_factory=list)     # wrappers folded
    nops: list = field(default_factory=list)      # no-op suspends that go
    cpu_cbs: list = field(default_factory=list)   # take smp_processor_id()
    bp_names: list = field(default_factory=list)  # renamed for the boot CPU
    walks: list = field(default_factory=list)     # walk the instances
    helpers: list = field(default_factory=list)   # (F, place): lose a parameter
    hooks: dict = field(default_factory=dict)     # "S.m" -> (place, [implementations])
    regs: set = field(default_factory=set)        # register instead
    added: set = field(default_factory=set)       # register as well
    unregs: set = field(default_factory=set)      # unregister
    renames: list = field(default_factory=list)   # init functions renamed
    headers: list = field(default_factory=list)   # files declaring the ops
    gone: list = field(default_factory=list)      # init functions that went
    on: list = field(default_factory=list)        # classes the drivers are on
    slots: set = field(default_factory=set)       # the callbacks' slots
    n_classes: int = 0
    n_drivers: int = 0

    def kind(self):
        return "+".join(k for k in ("class", "driver") if k in self.kinds) or "none"


def add_sources(facts, p):
    for kind, what_ in (("classes", "class"), ("drivers", "driver")):
        for X, x in sorted(getattr(p, kind).items()):
            facts.kinds.add(what_)
            facts.stays = facts.stays or x.do == Do.STRIP
            facts.what.append(TEXT[(what_, x.do)] % {
                "name": X, "ops": x.ops,
                "why": x.why if x.why is not None else "sysfs" if what_ == "class" else ".add/.remove"})
    facts.n_classes += len(p.classes)
    facts.n_drivers += len(p.drivers)
    facts.on += [c for d in p.drivers.values() for c in d.on or []]


def walk_item(F, w):
    """what happens to callback F that walks the instances (its plan's
    walk W)"""
    if w["rule"].startswith("chain"):
        return ("The body of %s() becomes %s(), on one instance; %s() calls it for each "
                "instance on the chain %s, from its head through ->%s: the last registered "
                "first, the one order a chain has" % (F, w["one"], F, w["head"], w["link"]))
    if w["rule"].startswith("list"):
        coll = "the list %s" % w["head"]
    elif w["rule"].startswith("ptrarray"):
        coll = "%s[0 .. %s - 1] (none where it is NULL)" % (w["head"], w["bound"])
    else:
        coll = "%s[0 .. %s - 1]" % (w["head"], w["bound"])
    lock = ", holding %s as the file's other walks of it do" % w["lock"] if w.get("lock") else ""
    order = "in the order they were registered, as the sysdev core walked them" \
        if w["first"] == "oldest" else "the last registered first, undoing suspend in reverse"
    return ("The body of %s() becomes %s(), on one instance; %s() calls it for each "
            "instance in %s, %s%s" % (F, w["one"], F, coll, order, lock))


def add_callbacks(facts, p):
    for F, c in sorted(p.callbacks.items()):
        facts.slots.add(c.slot)
        if c.fold:
            facts.folds.append("The wrapper %s() goes: it only called %s(), which already "
                               "has the syscore signature, so the ops point at %s()"
                               % (F, c.fold, c.fold))
        elif c.nop:
            facts.nops.append("%s()" % F)
        else:
            facts.cbs.append((F, c.slot))
        if c.cpu:
            facts.cpu_cbs.append("%s()" % F)
        if c.rename:
            facts.bp_names.append("%s() becomes %s()" % (F, c.rename))
        if c.walk:
            facts.walks.append(walk_item(F, c.walk))


def add_drops(facts, p):
    """the parameters that go from where the callbacks passed them on"""
    for d in p.drops or []:
        if d.at == DropAt.FUNCTION and not d.hook:
            facts.helpers.append(("%s()" % d.name, d.place()))
        elif d.at == DropAt.FUNCTION:
            facts.hooks.setdefault(d.hook, (d.place(), []))[1].append("%s()" % d.name)
        elif d.at == DropAt.MEMBER:
            facts.hooks.setdefault(d.hook, (d.place(), []))


def drop_items(facts):
    """a helper or a hook that loses the argument the callbacks passed on"""
    items = ["%s loses its %s parameter: the callbacks only passed theirs on to it, and it "
             "never read it" % (F, place) for F, place in sorted(set(facts.helpers))]
    for hook, (place, impls) in sorted(facts.hooks.items()):
        S, m = hook.split(".")
        items.append("The member %s of struct %s loses its %s parameter: the callbacks only "
                     "passed theirs on to it, and no implementation reads it; %s lose%s it too"
                     % (m, S, place, names(sorted(impls)), plural(impls, "", "s")))
    return items


def add_calls(facts, p):
    for k, c in p.calls.items():
        func = k.split("|")[0]
        if c.do.unregisters:
            facts.unregs.add(func)
        elif c.do in (CallDo.BEFORE, CallDo.AFTER, CallDo.AFTER_LAST):
            facts.added.add(p.renames.get(func, func))
        elif not c.do.removes:
            facts.regs.add(p.renames.get(func, func))


def gather(plan, files, tree):
    """the Facts of FILES (as converted in TREE, if given)"""
    facts = Facts()
    for f in files:
        p = plan.get(f, NO_PLAN)
        add_sources(facts, p)
        add_callbacks(facts, p)
        add_drops(facts, p)
        add_calls(facts, p)
        for I, I2 in sorted(p.renames.items()):
            facts.renames.append("The init function %s() is renamed %s()" % (I, I2))
        for e in p.embedded or []:
            if e.local and e.bound:
                facts.renames.append("The local pointer %s of %s(), set once per turn of its loop, "
                                     "becomes %s[%s], of a file-scope array of %s pointers that "
                                     "the callbacks walk" % (e.local, e.func, e.obj, e.index, e.bound))
            elif e.local:
                facts.renames.append("The local pointer %s of %s() becomes the file-scope "
                                     "pointer %s, which the callbacks use instead of "
                                     "container_of()" % (e.local, e.func, e.obj))
        if p.externs:
            facts.headers.append(f)
        if tree:
            facts.gone += ["%s()" % I for I in p.initcalls if not defines(tree, f, I)]
    facts.on = sorted(set(facts.on))
    return facts


def why(facts):
    """the message's first paragraph: why syscore_ops fits"""
    kind = facts.kind()
    if facts.cpu_cbs:
        return ("The PM callbacks of the sysdev driver on cpu_sysdev_class here "
                "use their sys_device only for the CPU's number.  The sysdev core "
                "calls them on the boot CPU with interrupts disabled, after the "
                "other CPUs have been taken offline (CPU hotplug has dealt with "
                "their state).  struct syscore_ops calls them once, in that same "
                "context, so move the callbacks to syscore_ops and take the CPU's "
                "number from smp_processor_id(): they now act on the boot CPU "
                "only, which is what syscore means.  The driver stays for the "
                "rest.")
    if kind == "driver" and facts.on == ["cpu_sysdev_class"]:
        return ("The sysdev driver on cpu_sysdev_class here only exists for its "
                "PM callbacks, which the sysdev core calls for each CPU's "
                "sys_device with one CPU on-line and interrupts disabled, and "
                "which do not look at the device.  struct syscore_ops calls them "
                "once, in that same context, without a driver or arguments the "
                "callbacks never use, so move the callbacks to syscore_ops.")
    if kind == "driver":
        return ("The PM callbacks of the sysdev driver%s on %s run with one CPU "
                "on-line and interrupts disabled, for the sys_device of that "
                "class.  struct syscore_ops does exactly that without a driver, a "
                "device or arguments the callbacks never use, so move the "
                "callbacks to syscore_ops, registered where the device was."
                % ("s" if facts.n_drivers > 1 else "", names(facts.on)))
    if facts.stays:
        return ("The PM callbacks of the sysdev class%s here run with one "
                "CPU on-line and interrupts disabled.  struct syscore_ops calls "
                "them in that same context without a device or arguments the "
                "callbacks never use, so move the callbacks to syscore_ops; what "
                "else the class carries stays on it." % (
                    "es" if facts.n_classes > 1 else ""))
    return ("The sysdev class and sys_device here exist only to get %s "
            "callbacks called with one CPU on-line and interrupts disabled.  "
            "struct syscore_ops does exactly that without a class, a device or "
            "arguments the callbacks never use, so convert the code to "
            "syscore_ops." % names(slot_words(facts.slots) or ["PM"]))


def once(funcs):
    """FUNCS as "f()", each once: "f() (in 2 files)" where files of the
    commit define a function of that name each"""
    seen = {}
    for F in funcs:
        seen[F] = seen.get(F, 0) + 1
    return ["%s()%s" % (F, " (in %d files)" % n if n > 1 else "") for F, n in seen.items()]


def plural(xs, many, one=""):
    return many if len(xs) > 1 else one


def slot_words(slots):
    """the slots, in the order of struct syscore_ops"""
    return [x for x in ("suspend", "resume", "shutdown") if x in slots]


def callback_items(facts):
    """what happens to the callbacks: a suspend loses its struct
    sys_device * and pm_message_t, a resume or shutdown (which never had a
    pm_message_t) its struct sys_device * and its return value"""
    items = []
    sus = once([F for F, slot in facts.cbs if slot == "suspend"])
    rest = once([F for F, slot in facts.cbs if slot != "suspend"])
    if sus:
        items.append("The suspend callback%s %s lose%s %s struct sys_device * and "
                     "pm_message_t arguments" % (plural(sus, "s"), names(sus), plural(sus, "", "s"),
                                                 plural(sus, "their", "its")))
    if rest:
        kinds = names(slot_words(set(slot for _, slot in facts.cbs if slot != "suspend")))
        items.append("The %s callback%s %s lose%s %s struct sys_device * argument%s and "
                     "return%s void" % (kinds, plural(rest, "s"), names(rest), plural(rest, "", "s"),
                                        plural(rest, "their", "its"), plural(rest, "s"),
                                        plural(rest, "", "s")))
    if facts.cpu_cbs:
        items.append("%s take%s the CPU's number from smp_processor_id() instead of "
                     "the sys_device's id" % (names(facts.cpu_cbs), plural(facts.cpu_cbs, "", "s")))
    if facts.bp_names:
        items.append("As they now act on the boot CPU only, their names say so with "
                     "\"bp\" (boot processor): %s" % names(facts.bp_names))
    items += facts.walks
    items += drop_items(facts)
    items += facts.folds
    if facts.nops:
        items.append("The suspend callback%s %s did nothing but return 0 and go%s" % (
            plural(facts.nops, "s"), names(facts.nops), plural(facts.nops, "", "es")))
    return items


def registration_items(facts):
    items = []
    if facts.regs:
        items.append("The ops are registered by %s instead" % names("%s()" % r for r in sorted(facts.regs)))
    if facts.added:
        items.append("The ops are %sregistered by %s, next to the registrations "
                     "that stay" % ("also " if facts.regs else "",
                                    names("%s()" % r for r in sorted(facts.added))))
    gone = facts.gone
    if gone:
        items.append("The init function%s %s, which only registered what is gone, "
                     "go%s with %s initcall%s" % (
                         plural(gone, "s"), names(gone), plural(gone, "", "es"),
                         plural(gone, "their", "its"), plural(gone, "s")))
    if facts.unregs:
        items.append("They are unregistered by %s" % names("%s()" % r for r in sorted(facts.unregs)))
    items += facts.renames
    headers = sorted(set(facts.headers))
    if headers:
        items.append("%s declare%s the ops for the files that register them" % (
            names(headers), "s" if len(headers) == 1 else ""))
    return items


def items(facts):
    """the message's list: what changes, one item each"""
    return (["T" + w[1:] for w in facts.what] + callback_items(facts)
            + registration_items(facts))


def body(facts):
    """the commit message's body: why, then one item per change"""
    lines = [textwrap.fill(why(facts), 72), ""]
    lines += [textwrap.fill(it + ".", 72, initial_indent="- ", subsequent_indent="  ")
              for it in items(facts)]
    return "\n".join(lines) + "\n"


def main():
    args = sys.argv[1:]
    tree = None
    if args[:1] == ["--tree"]:
        tree, args = args[1], args[2:]
    facts = gather(load_plan(args[0]), args[1:], tree)
    print(facts.kind(), facts.n_classes, facts.n_drivers)
    sys.stdout.write(body(facts))


if __name__ == "__main__":
    main()
