# SPDX-License-Identifier: GPL-2.0-only
"""syscore_index.py - stage 1 of the planner: the tree's sysdev objects.

The facts the Coccinelle rules of sysdev_to_syscore_ops.cocci collected,
per file, indexed across files: classes, drivers, sys_devices, arrays of
them, functions and the sysdev calls; and the questions the later stages
ask of them (which class does this name mean in that file, which devices
belong to a class, where is it registered).
"""
import os
import re
import subprocess

from syscore_csource import CSource
from syscore_model import SLOTS, EmbeddedDevice, Source


def ops_prefix(name):
    """the prefix of a class or driver's name that names its ops"""
    for suf in ("_sysdev_class", "_sysdev_driver", "_sysclass", "_class", "_driver"):
        if name.endswith(suf) and len(name) > len(suf):
            return name[:-len(suf)]
    return name


def address_of(arg):
    """'&x' -> x, else None"""
    m = re.match(r"^&(\w+)$", arg)
    return m.group(1) if m else None


def array_of(call):
    """'&a[i]' (the first argument of CALL) -> a, else None"""
    m = re.match(r"^&(\w+)\[", call.args[0])
    return m.group(1) if m else None


def call_key(call):
    """the key of a call in the plan: the rewrite jobs run one after the
    other, so lines move; a call is named by its function and text"""
    return "%s|%s|%s" % (call.pos.func, call.fn, ",".join(call.args))


def pm_fields(struct):
    """[(slot, callback, taken with &)] of a sysdev struct, in field order"""
    out = []
    for _, fld, val, _ in sorted(struct.fields, key=lambda x: x[0]):
        if fld in SLOTS and val not in ("NULL", "0"):
            out.append((fld, val.lstrip("&"), val.startswith("&")))
    return out


def other_fields(struct):
    return [fld for _, fld, _, _ in struct.fields if fld not in SLOTS + ("name",)]


class TreeIndex:
    """The facts of every file of the run (FACTS: file -> facts), the
    files of the run (RUNFILES) and their text (SRC)."""

    def __init__(self, facts, runfiles=()):
        self.facts = facts
        self.runfiles = sorted(set(runfiles) | set(facts))
        self.src = CSource()
        self.classes = {}       # (file, C) -> struct facts
        self.drivers = {}
        self.cls_by_name = {}   # C -> [(file, C)]
        self.devices = {}       # (file, D) -> facts
        self.dev_by_name = {}
        self.arrays = {}
        self.funcs = {}         # F -> [(file, facts)]
        self.calls = []         # (file, call)
        self.wanted = set()     # files outside the run a conversion needs
        self.forwards = {}      # (callback, file, type) -> its Forward
        self._naming = {}       # (kind, name) -> files_naming()
        for path, facts_ in sorted(facts.items()):
            if not facts_.impl:
                self._add(path, facts_)

    def files_naming(self, kind, name):
        """the .c and .h files of the tree that name KIND NAME ("struct
        S"), relative to its top: the directory the run's names are
        relative to, or $SYSCORE_TREE where the run converts a copy"""
        if (kind, name) not in self._naming:
            top = os.environ.get("SYSCORE_TREE") or "."
            res = subprocess.run(["grep", "-rlE", "--include=*.c", "--include=*.h",
                                  r"\b%s[[:space:]]+%s\b" % (kind, name), "."],
                                 cwd=top, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            self._naming[(kind, name)] = sorted(os.path.normpath(f) for f in
                                                res.stdout.decode(errors="replace").split("\n") if f)
        return self._naming[(kind, name)]

    def _add(self, path, facts):
        for C, c in facts.classes.items():
            self.classes[(path, C)] = c
            self.cls_by_name.setdefault(C, []).append((path, C))
        for D, c in facts.drivers.items():
            self.drivers[(path, D)] = c
        for D, c in facts.devices.items():
            self.devices[(path, D)] = c
            self.dev_by_name.setdefault(D, []).append((path, D))
        for A, c in facts.arrays.items():
            self.arrays[(path, A)] = c
        for F, c in facts.funcs.items():
            self.funcs.setdefault(F, []).append((path, c))
        for _, c in sorted(facts.calls.items()):
            if c.fn is not None:
                self.calls.append((path, c))

    # --- names as seen from a file -----------------------------------------
    def resolve_cls(self, name, user):
        """the class NAME as seen from file USER: (file, name) or None"""
        if (user, name) in self.classes:
            return (user, name)
        cands = [k for k in self.cls_by_name.get(name, []) if not self.classes[k].static]
        return cands[0] if len(cands) == 1 else None

    def resolve_dev(self, name, user):
        if (user, name) in self.devices:
            return (user, name)
        c = [k for k in self.dev_by_name.get(name, []) if k[0] != user]
        return c[0] if len(c) == 1 else None

    def struct_of(self, source):
        """the facts of a Source's struct"""
        table = self.classes if source.kind == "class" else self.drivers
        return table[(source.file, source.name)]

    def pm_sources(self):
        """every class and driver with PM callbacks, as Sources"""
        srcs = [Source("class", f, C) for (f, C), c in sorted(self.classes.items()) if pm_fields(c)]
        srcs += [Source("driver", f, D) for (f, D), c in sorted(self.drivers.items()) if pm_fields(c)]
        return srcs

    def callback_scope(self, path, cb):
        """the file of a static callback (the same name in two files is
        two callbacks), else "" """
        facts = dict(self.funcs.get(cb, [])).get(path)
        return path if facts is not None and facts.static else ""

    def func_line(self, cb, path):
        for f, facts in self.funcs.get(cb, []):
            if f == path:
                return facts.pos.line
        return None

    # --- calls ------------------------------------------------------------------
    def calls_of(self, fn, pred):
        return [(f, c) for f, c in self.calls if c.fn == fn and pred(f, c)]

    def calls_on(self, fn, idx, name, key, resolver):
        """calls of FN whose argument IDX is &NAME meaning object KEY"""
        out = []
        for f, c in self.calls_of(fn, lambda f, c: len(c.args) > idx):
            a = address_of(c.args[idx])
            if a == name and resolver(a, f) == key:
                out.append((f, c))
        return out

    def driver_registrations(self, driver):
        return self.calls_of("sysdev_driver_register", lambda f, c: len(c.args) == 2 and
                             address_of(c.args[1]) == driver)

    def refs_anywhere(self, name, deffile, static):
        """the uses of NAME that the facts do not explain"""
        out = []
        for f, d in self.facts.items():
            if static and f != deffile:
                continue
            for X, k, pos in d.crefs:
                if X == name and tuple(k) not in d.cknown:
                    out.append((f, pos))
        return out

    # --- what belongs to a class ------------------------------------------------
    def class_devices(self, ck):
        """static devices, arrays, run-time devices, embedded devices of
        class CK (file, name)"""
        C = ck[1]
        static = [(df, D) for (df, D), d in self.devices.items()
                  if d.cls == C and self.resolve_cls(C, df) == ck]
        arrays = [(af, A) for (af, A), a in self.arrays.items()
                  if any(c == C and self.resolve_cls(C, af) == ck for _, c in a.cls)]
        runtime, embedded = [], []
        for df, d in sorted(self.facts.items()):
            for a in d.asg:
                if a.cls != C or self.resolve_cls(C, df) != ck:
                    continue
                dk = self.resolve_dev(a.dev, df) if re.match(r"^\w+$", a.dev) else None
                m = re.match(r"^(\w+)\.(\w+)$", a.dev)
                if dk:
                    if dk not in static:
                        static.append(dk)
                elif m and m.group(1) in d.objs and a.pos.func:
                    # a sys_device embedded in a file-scope object
                    embedded.append(EmbeddedDevice(df, m.group(1), m.group(2), d.objs[m.group(1)]))
                elif self.fixed_pointer(df, a):
                    # ... in the object a file-scope pointer points to,
                    # set by __init code only (once, at boot)
                    P, mem = a.dev.split("->")
                    embedded.append(EmbeddedDevice(df, P, mem, self.src.pointer_type(df, P), pointer=True))
                else:
                    # ... in the one object an __init function allocates
                    # into a local (or one per turn of its loop)
                    local = self.hoistable_local(df, a, C)
                    if local:
                        embedded.append(local)
                    else:
                        runtime.append((df, a))
        return static, arrays, runtime, embedded

    def fixed_pointer(self, path, asg):
        """the sys_device of set-up ASG is P->m, P a file-scope pointer to
        a struct that only __init functions assign"""
        m = re.match(r"^(\w+)->(\w+)$", asg.dev)
        if not m or not asg.pos.func or not self.src.pointer_type(path, m.group(1)):
            return False
        setters = self.src.assigning_functions(path, m.group(1))
        return bool(setters) and all(self.src.is_init(path, g) for g in setters)

    def hoistable_local(self, path, asg, cls):
        """the EmbeddedDevice when the sys_device of set-up ASG (class
        CLS) is P->m, P a local "struct S *P;" of an __init function that
        assigns it once and registers &P->m once, not in a loop: the one
        object, which a file-scope pointer "<class prefix>_pm" can hold
        instead of P; or one per turn of a "for (i = 0; i < N; i++)" loop
        that holds the registration (N a number or a macro), which a
        file-scope array of N pointers can hold; else None"""
        e = self.hoist_or_cause(path, asg, cls)
        return e if isinstance(e, EmbeddedDevice) else None

    def hoist_or_cause(self, path, asg, cls):
        """hoistable_local()'s EmbeddedDevice, or why there is none (a
        phrase; None when ASG is not P->m in a function)"""
        m = re.match(r"^(\w+)->(\w+)$", asg.dev)
        func = asg.pos.func
        if not m or not func:
            return None
        P, mem = m.groups()
        S = self.src.local_struct_pointer(path, func, P)
        regs = self.calls_of("sysdev_register", lambda f, c: f == path and c.pos.func == func and
                             c.args[0].replace(" ", "") == "&" + asg.dev)
        name = ops_prefix(cls) + "_pm"
        if not self.src.is_init(path, func):
            return "%s() is not __init (it may run more than once)" % func
        if not S:
            return "%s() does not declare it alone, as \"struct S *%s;\"" % (func, P)
        loop = None
        if len(regs) == 1 and "inloop" in regs[0][1].forms:
            loop = self.src.bounded_loop_around(path, func, "sysdev_register(&%s)" % asg.dev)
            if not loop:
                return "%s() registers %s in a loop that is not \"for (i = 0; i < N; i++)\", N a " \
                    "number or a macro" % (func, asg.dev)
        if len(regs) != 1:
            return "%s() does not register %s once" % (func, asg.dev)
        if self.src.assignments_in(path, func, P) != 1:
            return "%s() assigns it more than once" % func
        if re.search(r"\b%s\b" % name, self.src.text(path)):
            return "the file already has the name %s it would take at file scope" % name
        index, bound = loop or (None, None)
        return EmbeddedDevice(path, name, mem, S, pointer=True, local=P, func=func, index=index, bound=bound)

    def drivers_on(self, ck):
        """[(file, driver name, call)] registered on class CK"""
        out = []
        for f, c in self.calls_of("sysdev_driver_register", lambda f, c: len(c.args) == 2):
            C, D = address_of(c.args[0]), address_of(c.args[1])
            if C and D and self.resolve_cls(C, f) == ck:
                out.append((f, D, c))
        return out
