# SPDX-License-Identifier: GPL-2.0-only
"""syscore_place.py - stage 3 of the planner: where everything goes.

For a group that stage 2 (syscore_decide.py) let through: the ops's name
and fields, what happens to each source, the calls where the ops is
(un)registered (Sites), the file that defines the ops and what it follows,
the header that declares it for other files; then the group's entries of
the plan (FilePlan, syscore_model.py).  A group writes into its own
copies of the FilePlans it touches, merged into the plan only when it is
placed: a Refusal found on the way leaves the plan as it was.
"""
import copy
import os
import re
from dataclasses import dataclass, field
from typing import Optional

from syscore_csource import include_name
from syscore_decide import class_goes, decide_class
from syscore_index import address_of, array_of, call_key, ops_prefix, pm_fields
from syscore_model import (CPU_CLASS, NO_FACTS, MAX_EXTERN_DEPTH, MAX_SITE_OPS, CallbackPlan, CallDo, CallPlan, Do,
                           Edit, EditKind, EmbeddedDevice, EmbeddedPlan, ExternDo, ExternPlan, FilePlan, GonePlan, OpsPlan, Refusal, Site,
                           Source, SourcePlan)


# --- names --------------------------------------------------------------------
def callback_stem(cb):
    for suf in ("_suspend", "_resume", "_shutdown"):
        if cb.endswith(suf):
            return cb[:-len(suf)]
    return cb


def common_prefix(names):
    return os.path.commonprefix(list(names)).rstrip("_")


def renamed_init(name):
    """FOO_init_device / FOO_init_sysfs that only register -> FOO_init_ops"""
    for suf in ("_init_device", "_init_sysfs"):
        if name.endswith(suf):
            return name[:-len(suf)] + "_init_ops"
    return name


def ops_name(srcs, cbs):
    """the prefix of the ops of sources SRCS with callbacks CBS {slot: cb}"""
    if len(srcs) == 1:
        return ops_prefix(srcs[0].name)
    stems = [callback_stem(cb) for cb in sorted(cbs.values())]
    name = common_prefix(stems) if len(stems) > 1 else stems[0]
    return name if len(name) >= 4 else ops_prefix(srcs[0].name)


# sites of each "how" may only be calls of these forms
SITE_FORMS = {CallDo.REPLACE: ("stmt", "return", "assign", "chain", "loop"),
              CallDo.REPLACE_WALK: ("stmt", "assign"),
              CallDo.REPLACE_UN: ("stmt",),
              CallDo.BEFORE: ("stmt", "return", "assign", "decl"),
              CallDo.AFTER: ("stmt", "assign"),
              CallDo.BEFORE_UN: ("stmt",)}


class GroupPlan:
    """A group being placed: its sources, callbacks, decisions, and what
    placing finds (ops name, edits, sites, files)."""

    def __init__(self, srcs, cbs, cbinfo, decisions):
        self.srcs = srcs
        self.cbs = cbs              # {slot: cb}
        self.cbinfo = cbinfo        # {cb: CallbackFacts}
        self.decisions = decisions  # {Source: decision}
        self.name = ops_name(srcs, cbs)
        self.collapse = None        # ClassDecision of the class that goes with the driver
        self.regsites = []          # [Site]
        self.unsites = []
        self.edits = []             # [Edit]
        self.deffile = None
        self.inplace = []
        self.platform = []          # callbacks that are a platform's
        self.header = None
        self.anchor = None

    @property
    def ops(self):
        return self.name + "_syscore_ops"

    @property
    def first(self):
        return self.srcs[0]

    def refuse(self, reason, path=None, pos=None):
        return [Refusal(self.first, reason, path, pos)]


@dataclass
class Placement:
    """what placing a group gives: the placed GroupPlan, or the Refusals"""
    group: Optional[GroupPlan] = None
    refusals: list = field(default_factory=list)


class Placer:
    """Places the groups one after the other into PLAN (file -> FilePlan).
    While a group is placed, its writes go to WORK: a copy of each FilePlan
    it touches (fp), merged into PLAN when the group is placed."""

    def __init__(self, idx):
        self.idx = idx
        self.plan = {}
        self.work = {}
        self.class_ops = {}     # (file, class) -> ops, for arrays of sys_devices

    def fp(self, path):
        """PATH's FilePlan as the group being placed sees and changes it"""
        if path not in self.work:
            self.work[path] = copy.deepcopy(self.plan[path]) if path in self.plan else FilePlan()
        return self.work[path]

    def peek(self, path):
        """PATH's FilePlan as the group sees it, None if it has none"""
        return self.work.get(path, self.plan.get(path))

    def place_group(self, srcs, cbs, cbinfo, decisions):
        """a Placement: the GroupPlan, merged into the plan, or the
        Refusals (the plan is then as it was)"""
        g = GroupPlan(srcs, dict(cbs), cbinfo, decisions)
        why = self._place(g)
        work, self.work = self.work, {}
        if why:
            return Placement(refusals=why)
        self.plan.update(work)
        return Placement(group=g)

    def _place(self, g):
        self.find_collapse(g)
        fields = self.ops_fields(g)
        if not fields:
            return g.refuse("its only callback is a suspend that does nothing")
        why = self.place_sources(g)
        if why:
            return why
        if not g.regsites:
            return g.refuse("no sys_device of its class is registered in the files scanned")
        why = self.pick_deffile(g) or \
            self.check_sites(g.first, g.regsites + g.unsites) + self.check_site_limit(g) or \
            self.pick_header(g) or self.pick_anchor(g)
        if why:
            return why
        self.commit(g, fields)
        return []

    # --- the ops ----------------------------------------------------------------
    def find_collapse(self, g):
        """a PM-only driver on a PM-less class of its file that only carries
        it: the class goes too, and names the ops"""
        s = g.first
        if len(g.srcs) != 1 or s.kind != "driver" or g.decisions[s].stay:
            return
        d = g.decisions[s]
        if len(d.classes) != 1 or d.classes[0][0] == CPU_CLASS:
            return
        ck = self.idx.resolve_cls(d.classes[0][0], s.file)
        if not ck or ck[0] != s.file:
            return
        cd = decide_class(self.idx, Source("class", ck[0], ck[1]))
        if not pm_fields(self.idx.classes[ck]) and not cd.stay[1:] and \
                cd.stay in ([], ["drivers on it"]) and \
                len(self.idx.drivers_on(ck)) == 1 and not cd.arrays and \
                all(dk[0] == ck[0] for dk in cd.static) and cd.static:
            g.collapse = cd
            g.name = ops_prefix(ck[1])

    def ops_fields(self, g):
        """[(slot, function)] of the ops: folded wrappers, without nops"""
        fields = []
        for slot, cb, _ in pm_fields(self.idx.struct_of(g.first)):
            ci = g.cbinfo[cb]
            if not ci.nop:
                fields.append((slot, ci.fold or ci.rename or cb))
        return fields

    # --- each source ------------------------------------------------------------
    def place_sources(self, g):
        why = []
        for s in g.srcs:
            if s.kind == "class":
                w = self.place_class(g, s, g.decisions[s])
            else:
                w = self.place_driver(g, s, g.decisions[s])
            if w:
                why.extend(w)
        return why

    def place_class(self, g, s, d):
        single = len(g.srcs) == 1
        if not d.stay and not d.devstay:
            return self.place_class_that_goes(g, s, d, single)
        g.edits.append(Edit(s.file, EditKind.CLASS_STRIP, s.name))
        if d.sites and not d.runtime:
            for kind, k, rf, rc in d.sites:
                if kind == "array":
                    return [Refusal(s, "its sys_devices stay in array %s" % k[1], rf, rc.pos)]
                g.regsites.append(Site(rf, rc.pos.func, CallDo.BEFORE, rc, kind))
            for kind, k, rf, rc in d.unsites:
                g.unsites.append(Site(rf, rc.pos.func, CallDo.BEFORE_UN, rc, kind))
            return None
        if not d.creg:
            return [Refusal(s, "the class is not registered in the files scanned")]
        for rf, rc in d.creg:
            g.regsites.append(Site(rf, rc.pos.func, CallDo.AFTER, rc, "class"))
        for rf, rc in d.cunreg:
            g.unsites.append(Site(rf, rc.pos.func, CallDo.BEFORE_UN, rc, "class"))
        return None

    def place_class_that_goes(self, g, s, d, single):
        g.edits.append(Edit(s.file, EditKind.CLASS_INPLACE if single else EditKind.CLASS_REMOVE, s.name))
        for dk in d.static:
            g.edits.append(Edit(dk[0], EditKind.DEVICE_REMOVE, dk[1]))
        for ek in d.embedded:
            g.edits.append(Edit(ek.file, EditKind.EMBEDDED_REMOVE, ek))
        for ak in d.arrays:
            for c in set(c for _, c in self.idx.arrays[ak].cls):
                k = self.idx.resolve_cls(c, ak[0])
                if k is None or not class_goes(self.idx, k):
                    return [Refusal(s, "array %s also holds a sys_device of class %s, which stays" % (ak[1], c),
                                    ak[0], self.idx.arrays[ak].pos)]
            g.edits.append(Edit(ak[0], EditKind.ARRAY_REMOVE, ak[1]))
        if any(ek.bound for ek in d.embedded):
            # one object per turn of the init's loop: the ops is
            # registered where the class was, the callbacks walk the
            # objects allocated (the devices' registrations go)
            for rf, rc in d.creg:
                g.regsites.append(Site(rf, rc.pos.func, CallDo.REPLACE, rc, "class"))
            for kind, k, rf, rc in d.sites:
                self.remove_call(rf, rc)
            return None if d.creg else [Refusal(s, "the class is not registered in the files scanned")]
        for rf, rc in d.creg:
            self.remove_call(rf, rc)
        # the devices' registrations become the ops' (the loop that set up
        # the elements of an array the callbacks walk: the loop)
        for kind, k, rf, rc in d.sites:
            if kind == "walk":
                g.edits.append(Edit(k.file, EditKind.EMBEDDED_REMOVE,
                                    EmbeddedDevice(k.file, k.head, k.member, k.struct.split()[-1])))
                self.note_var(rf, rc.pos.func, k.index)
                self.note_var(rf, rc.pos.func, k.ptr)
            g.regsites.append(Site(rf, rc.pos.func, CallDo.REPLACE_WALK if kind == "walk" else CallDo.REPLACE,
                                   rc, kind))
        for kind, k, rf, rc in d.unsites:
            g.unsites.append(Site(rf, rc.pos.func, CallDo.REPLACE_UN, rc, kind))
        for rf, rc in d.cunreg:
            g.unsites.append(Site(rf, rc.pos.func, CallDo.REPLACE_UN, rc, "class"))
        if not d.sites:
            return [Refusal(s, "no sys_device of the class is registered in the files scanned")]
        return None

    def place_driver(self, g, s, d):
        single = len(g.srcs) == 1
        if d.stay:
            g.edits.append(Edit(s.file, EditKind.DRIVER_STRIP, s.name))
        else:
            g.edits.append(Edit(s.file, EditKind.DRIVER_INPLACE if single else EditKind.DRIVER_REMOVE, s.name))
        for C, rf, rc in d.classes:
            w = self.place_driver_on(g, s, d, C, rf, rc)
            if w:
                return w
        for rf, rc in d.unregs:
            C = address_of(rc.args[0])
            if d.stay:
                g.unsites.append(Site(rf, rc.pos.func, CallDo.BEFORE_UN, rc, "driver"))
            elif C == CPU_CLASS or g.collapse is not None:
                g.unsites.append(Site(rf, rc.pos.func, CallDo.REPLACE_UN, rc, "driver"))
            else:
                self.remove_call(rf, rc)
        return None

    def place_driver_on(self, g, s, d, C, rf, rc):
        """the driver's registration RC (in RF) on class C"""
        if C == CPU_CLASS:
            g.regsites.append(Site(rf, rc.pos.func, CallDo.AFTER if d.stay else CallDo.REPLACE, rc, "driver"))
            return None
        if not d.stay:
            self.remove_call(rf, rc)
        ck = self.idx.resolve_cls(C, rf)
        if ck is None:
            return [Refusal(s, "class %s is not defined in the files scanned" % C, rf, rc.pos)]
        cd = decide_class(self.idx, Source("class", ck[0], ck[1]))
        if g.collapse is not None and ck == (g.collapse.source.file, g.collapse.source.name):
            return self.collapse_class(g, s, ck, cd, rf, rc)
        if cd.runtime or not cd.sites:
            return [Refusal(s, "no sys_device of class %s is registered in the files scanned" % C)]
        for kind, k, srf, src in cd.sites:
            if kind == "array":
                return [Refusal(s, "the sys_devices of class %s are in array %s" % (C, k[1]), srf, src.pos)]
            g.regsites.append(Site(srf, src.pos.func, CallDo.BEFORE, src, kind))
        return None

    def collapse_class(self, g, s, ck, cd, rf, rc):
        """the class that only carried the driver goes, with its devices;
        each device registration must be one call of a form the rewrite
        knows"""
        w = self.check_sites(s, [Site(srf, src.pos.func, CallDo.REPLACE, src, kind)
                                 for kind, k, srf, src in cd.sites])
        if w:
            return w
        g.edits.append(Edit(ck[0], EditKind.CLASS_REMOVE, ck[1]))
        for dk in cd.static:
            g.edits.append(Edit(dk[0], EditKind.DEVICE_REMOVE, dk[1]))
        for crf, crc in cd.creg:
            self.remove_call(crf, crc)
        for kind, k, srf, src in cd.sites + cd.unsites:
            self.remove_call(srf, src)
        for crf, crc in cd.cunreg:
            self.remove_call(crf, crc)
        g.regsites.append(Site(rf, rc.pos.func, CallDo.REPLACE, rc, "driver"))
        self.fp(rf).calls.pop(call_key(rc), None)
        return None

    # --- calls --------------------------------------------------------------------
    def remove_call(self, rf, rc):
        p = self.fp(rf)
        p.calls[call_key(rc)] = CallPlan(CallDo.REMOVE_CHAIN if "chain" in rc.forms else CallDo.REMOVE)
        func = rc.pos.func
        self.note_var(rf, func, rc.var)
        if "return" in rc.forms and func not in p.initcalls:
            p.initcalls.append(func)

    def check_sites(self, src, sites):
        """[Refusal] for the sites that are not one call of a form the
        rewrite knows"""
        why = []
        for site in sites:
            rc = site.call
            call = "%s(%s)" % (rc.fn, ", ".join(rc.args))
            same = [c for f, c in self.idx.calls if f == site.file and call_key(c) == call_key(rc)]
            forms = rc.forms
            if len(same) > 1:
                reason = "%s appears %d times in %s()" % (call, len(same), site.func)
            elif "inloop" in forms and "loop" not in forms and site.how != CallDo.REPLACE_WALK:
                reason = "%s in %s() is in a loop: one registration has no place there" % (call, site.func)
            elif not set(forms) & set(SITE_FORMS[site.how]):
                reason = "%s in %s(): not a form the rewrite knows" % (call, site.func)
            else:
                continue
            why.append(Refusal(src, reason, site.file, rc.pos))
        return why

    def check_site_limit(self, g):
        """syscore_sites.cocci appends at most MAX_SITE_OPS registrations
        at one site"""
        why = []
        for site in g.regsites + g.unsites:
            p = self.peek(site.file)
            cur = p.calls.get(call_key(site.call)) if p else None
            if cur is not None and len(cur.ops_names()) >= MAX_SITE_OPS:
                why.append(Refusal(g.first, "%s() would register more than %d ops at one place" % (
                    site.func, MAX_SITE_OPS), site.file, site.call.pos))
        return why

    # --- the file of the ops ------------------------------------------------------
    def pick_deffile(self, g):
        """the file that defines the ops; [Refusal] when there is none"""
        g.inplace = [e for e in g.edits if e.kind.inplace]
        g.deffile = g.inplace[0].file if g.inplace else None
        g.platform = [cb for cb, ci in sorted(g.cbinfo.items()) if ci.file is None or
                      any(self.idx.src.defines_null(h, cb) for h in ci.protos)]
        if g.inplace:
            return None
        if g.platform:
            g.deffile, w = self.home_file(g)
            return g.refuse(w) if w else None
        cbfiles = set(ci.file for ci in g.cbinfo.values())
        srcfiles = set(s.file for s in g.srcs)
        if len(srcfiles) == 1:
            g.deffile = g.first.file
        only = list(cbfiles)[0] if len(cbfiles) == 1 else None
        if only and only != g.first.file and len(srcfiles) > 1:
            g.deffile = only
        elif only and all(s.file != only for s in g.srcs):
            g.deffile = only
        if g.deffile is None:
            g.deffile = sorted(cbfiles)[0]
        return None

    def home_file(self, g):
        """(file, None) or (None, reason): where the ops of callbacks that
        are a platform's (defined in no file of the run, or in a file the
        header stands in for with NULL) goes: the one .c file of the run
        that includes the header declaring them, is not where they are
        defined, and whose path names them (every word of their common
        prefix: s3c24xx_irq_* -> plat-s3c24xx/irq.c)"""
        platform = g.platform
        headers = sorted(set(h for cb in platform for h in g.cbinfo[cb].protos if h.endswith(".h")))
        deffiles = set(ci.file for ci in g.cbinfo.values()) | set(f for ci in g.cbinfo.values() for f in ci.defs)
        what = "callbacks %s() are" % "(), ".join(platform) if len(platform) > 1 \
            else "callback %s() is" % platform[0]
        if len(headers) != 1:
            return None, "%s declared in %s: no one header for the ops" % (what, ", ".join(headers) or "no header")
        h = headers[0]
        where = "stood in for by NULL there"
        if all(g.cbinfo[cb].file is None for cb in platform):
            defs = sorted(set(f for cb in platform for f in g.cbinfo[cb].defs))
            where = "defined in %d files: %s" % (len(defs), ", ".join(defs)) if defs \
                else "defined in none of the files scanned"
        prefix = common_prefix(callback_stem(cb) for cb in g.cbinfo)
        words = [w for w in re.split(r"[_\W]+", prefix) if w]
        cands = []
        for f in self.idx.runfiles:
            if not f.endswith(".c") or f in deffiles:
                continue
            inc = include_name(h, f)
            if inc is None or inc not in self.idx.src.includes(f):
                continue
            parts = set(re.split(r"[/._-]+", f))
            if words and all(w in parts for w in words):
                cands.append(f)
        if len(cands) != 1:
            return None, "%s declared in %s and %s; %s" % (
                what, h, where, "no file of the run that includes it is named after \"%s\" to hold the ops" % prefix
                if not cands else "%s all include it and are named after \"%s\"" % (", ".join(cands), prefix))
        return cands[0], None

    def remote_files(self, g):
        return set(s.file for s in g.regsites + g.unsites if s.file != g.deffile)

    def pick_header(self, g):
        """the header that declares the ops for the other files that
        register it; [Refusal] when they cannot see it"""
        remote = self.remote_files(g)
        if not remote:
            return None
        g.header = self.declaring_header(g)
        if g.header is None:
            return g.refuse("registered from %s, but no header declares its class or callbacks" % ", ".join(sorted(remote)))
        for rf in sorted(remote):
            if rf == g.header:
                continue
            inc = include_name(g.header, rf)
            if inc is None:
                return g.refuse("%s would need %s, which it cannot include" % (rf, g.header))
            if inc not in self.idx.src.includes(rf):
                return g.refuse("%s would need #include %s (declaring %s): not added" % (rf, inc, g.ops))
        p = self.fp(g.header)
        saved = list(p.externs)
        self.plan_extern(g)
        deep = len(p.externs) > len(saved) and (p.externs[-1].depth or 0) > MAX_EXTERN_DEPTH
        p.externs = saved
        if deep:
            return g.refuse("%s would declare more than four ops after one declaration" % g.header)
        return None

    def classes_named(self, g):
        """the classes of the group: its classes, its drivers' classes"""
        names = []
        for s in g.srcs:
            if s.kind == "class":
                names.append(s.name)
            else:
                names += [address_of(rc.args[0]) for rf, rc in self.idx.driver_registrations(s.name)]
        return names

    def declaring_header(self, g):
        """the header declaring the class (or the driver's class), else the
        callbacks' prototypes"""
        for n in self.classes_named(g):
            for f, d in sorted(self.idx.facts.items()):
                if n in d.externs and f.endswith(".h"):
                    return f
        for cb in sorted(g.cbinfo):
            for hf in g.cbinfo[cb].protos:
                if hf.endswith(".h"):
                    return hf
        return None

    def plan_extern(self, g):
        p = self.fp(g.header)
        n = len(p.externs)
        self.plan_extern_at(g, self.idx.facts[g.header], p)
        # a second ops declared at the same place goes after the first
        if len(p.externs) <= n:
            return
        e = p.externs[-1]
        for prev in p.externs[:-1]:
            if prev.anchor() == e.anchor() and \
                    prev.do != ExternDo.REPLACE and e.do != ExternDo.REPLACE:
                last = prev
                while any(x.after_ops == last.ops for x in p.externs[:-1]):
                    last = [x for x in p.externs[:-1] if x.after_ops == last.ops][0]
                p.externs[-1] = ExternPlan(ExternDo.AFTER_OPS, g.ops, after_ops=last.ops,
                                           depth=(last.depth or 0) + 1)
                break

    def plan_extern_at(self, g, facts, p):
        """the declaration of the ops: in place of (or after) the class's,
        after the driver's class's, else after the callbacks' prototypes"""
        for s in g.srcs:
            if s.kind == "class" and s.name in facts.externs:
                c = self.fp(s.file).classes.get(s.name)
                goes = c is not None and c.do in (Do.INPLACE, Do.REMOVE)
                p.externs.append(ExternPlan(ExternDo.REPLACE if goes else ExternDo.AFTER, g.ops, cls=s.name))
                return
        for s in g.srcs:
            if s.kind == "driver":
                for rf, rc in self.idx.driver_registrations(s.name):
                    C = address_of(rc.args[0])
                    if C in facts.externs:
                        p.externs.append(ExternPlan(ExternDo.AFTER, g.ops, cls=C))
                        return
        cbs = sorted(p.protos.keys())
        if cbs:
            p.externs.append(ExternPlan(ExternDo.AFTER_PROTO, g.ops, proto=cbs[-1]))

    def pick_anchor(self, g):
        """after which definition the new ops goes: the source struct when
        there is one in the file at top level, else the last callback"""
        if g.inplace:
            return None
        g.anchor = self.anchor(g)
        if g.anchor is None:
            return g.refuse("%s has no definition outside #if for %s to follow" % (g.deffile, g.ops))
        return None

    def anchor(self, g):
        f = g.deffile
        src = self.idx.src
        structs = [s for s in g.srcs if s.file == f]
        tops = [s for s in structs if src.ifdepth(f, self.idx.struct_of(s).pos.line) == 0]
        if len(structs) == 1 and tops:
            return {"struct": structs[0].name}
        cbs = [(cb, self.idx.func_line(cb, f)) for cb, ci in g.cbinfo.items() if ci.file == f]
        cbs = [x for x in cbs if x[1] is not None]
        top_cbs = [x for x in cbs if src.ifdepth(f, x[1]) == 0]
        if top_cbs and (len(structs) != len(tops) or not structs):
            return {"func": max(top_cbs, key=lambda x: x[1])[0]}
        if tops:
            return {"struct": max(tops, key=lambda s: self.idx.struct_of(s).pos.line).name}
        if cbs:
            return {"func": max(cbs, key=lambda x: x[1])[0]}
        if structs:
            return {"struct": structs[-1].name}
        last = src.last_function(f)
        return {"func": last} if last else None

    # --- the group's entries of the plan ----------------------------------------
    def commit(self, g, fields):
        static = not self.remote_files(g)
        self.commit_ops(g, fields, static)
        for e in g.edits:
            if e not in g.inplace:
                self.commit_edit(g, e.file, e.kind, e.name)
        self.commit_callbacks(g)
        for s in g.srcs:
            if s.kind == "class":
                for (af, A), a in self.idx.arrays.items():
                    for _, c in a.cls:
                        if self.idx.resolve_cls(c, af) == (s.file, s.name):
                            self.class_ops[(af, c)] = g.ops
        self.commit_sites(g)
        if g.header:
            self.plan_extern(g)

    def driver_classes(self, g, name):
        """the classes the group's driver NAME is registered on"""
        return sorted(set(c for s, d in g.decisions.items() if s.kind == "driver" and s.name == name
                          for c, _, _ in d.classes))

    def commit_ops(self, g, fields, static):
        pf = self.fp(g.deffile)
        if g.inplace:
            kind, name = g.inplace[0].kind, g.inplace[0].name
            entry = SourcePlan(Do.INPLACE, g.ops, static=static, fields=fields)
            if kind == EditKind.CLASS_INPLACE:
                pf.classes[name] = entry
            else:
                entry.on = self.driver_classes(g, name)
                pf.drivers[name] = entry
            return
        facts = self.idx.facts.get(g.deffile, NO_FACTS)
        if not any(getattr(facts, k) for k in ("classes", "drivers", "devices", "arrays", "asg",
                                          "calls", "funcs", "protos")):
            pf.keep_sysdev = True
        pf.ops.append(OpsPlan(g.ops, static, fields, g.anchor))

    def commit_edit(self, g, path, kind, name):
        p = self.fp(path)
        if kind == EditKind.CLASS_STRIP:
            p.classes[name] = SourcePlan(Do.STRIP, g.ops,
                                         why=", ".join(g.decisions[Source("class", path, name)].stay))
        elif kind == EditKind.CLASS_REMOVE:
            p.classes[name] = SourcePlan(Do.REMOVE, g.ops)
        elif kind == EditKind.DRIVER_STRIP:
            p.drivers[name] = SourcePlan(Do.STRIP, g.ops, on=self.driver_classes(g, name),
                                         why=driver_stays_for(g.decisions[Source("driver", path, name)]))
        elif kind == EditKind.DRIVER_REMOVE:
            p.drivers[name] = SourcePlan(Do.REMOVE, g.ops, on=self.driver_classes(g, name))
        elif kind == EditKind.DEVICE_REMOVE:
            p.devices[name] = GonePlan()
        elif kind == EditKind.ARRAY_REMOVE:
            p.arrays[name] = GonePlan()
        elif kind == EditKind.EMBEDDED_REMOVE:
            if p.embedded is None:
                p.embedded = []
            p.embedded.append(EmbeddedPlan(name.obj, name.member, name.struct, pointer=name.pointer or None,
                                           local=name.local, func=name.func, index=name.index,
                                           bound=name.bound))

    def commit_callbacks(self, g):
        for cb, ci in g.cbinfo.items():
            for hf in ci.protos:
                self.fp(hf).protos[cb] = ci.slot
            for f in ci.defs:
                self.fp(f).callbacks[cb] = CallbackPlan(ci.slot, None, False)
            if ci.file is None:
                continue
            entry = self.fp(ci.file).callbacks[cb] = CallbackPlan(ci.slot, ci.fold, ci.nop)
            if ci.container:
                entry.container = ci.container
                entry.pointer = ci.pointer or None
                entry.macros = ci.macros or None
            if ci.cpu:
                entry.cpu = True
            entry.rename = ci.rename
            entry.walk = walk_plan(cb, ci) if ci.walk else None
            for f, drop in [d for fw in ci.forwards for d in fw.drops]:
                p = self.fp(f)
                p.drops = p.drops or []
                if drop not in p.drops:
                    p.drops.append(drop)

    def commit_sites(self, g):
        """one (un)registration of the ops per function: the first site in
        it gets it, later sites of the same kind in that function lose
        their call when the call's object goes (replace), else are left
        alone"""
        order = [0, g.first.file, self.idx.struct_of(g.first).pos.line]
        seen = set()
        late = [s for s in g.regsites if self.after_last(g, s)]
        unsites = [s for s in g.unsites if not any((s.file, s.func) == (r.file, r.func) for r in late)]
        sites = sorted(g.regsites + unsites, key=lambda s: (s.file, s.call.pos.line, s.call.pos.col))
        for site in sites:
            self.commit_site(g, site, order, seen, site in late)
        for site in sites:
            self.note_var(site.file, site.func, site.call.var)

    def after_last(self, g, site):
        """SITE registers the ops after its class or driver, and it can go
        after the last later step of that init that can fail: the init
        does not unregister the group, or only on the error paths of
        those steps, where the ops is then not registered yet (nor
        unregistered: the site's init loses its unregistrations)"""
        rc = site.call
        if site.how != CallDo.AFTER or not rc.steps:
            return False
        if not unregistered_in(g, site.file, site.func):
            return True
        end = self.idx.src.check_end_line(site.file, max(rc.steps)[0])
        return end is not None and all(
            self.idx.src.reached_only_before(site.file, site.func, u.call.pos.line, end)
            for u in g.unsites if u.file == site.file and u.func == site.func)

    def note_var(self, path, func, var):
        p = self.fp(path)
        if var and [func, var] not in p.vars:
            p.vars.append([func, var])

    def commit_site(self, g, site, order, seen, late=False):
        """commit one Site (LATE: after_last() said so for it)"""
        rf, func, how, rc = site.file, site.func, site.how, site.call
        if how == CallDo.REPLACE and "loop" in rc.forms:
            how = CallDo.REPLACE_LOOP
        elif how == CallDo.REPLACE and "chain" in rc.forms:
            how = CallDo.REPLACE_CHAIN
        elif late:
            how = CallDo.AFTER_LAST
        k = (rf, func, how.unregisters)
        p = self.fp(rf)
        key = call_key(rc)
        cur = p.calls.get(key)
        if k in seen and not (cur and cur.ops and cur.do == how):
            if how.replaces:
                self.remove_call(rf, rc)
            return
        seen.add(k)
        if cur is None or cur.do.removes:
            cur = p.calls[key] = CallPlan(how, [])
            if how == CallDo.AFTER_LAST:
                cur.anchor = max(rc.steps)[1]
        if cur.do != how:
            raise Exception("%s:%s: %s and %s at one call" % (rf, key, cur.do, how))
        o = order
        if site.kind == "array" and (rf, array_of(rc)) in self.idx.arrays:
            o = [min(line for line, c in self.idx.arrays[(rf, array_of(rc))].cls
                     if self.class_ops.get((rf, c)) == g.ops)]
        if [o, g.ops] not in cur.ops:
            cur.ops.append([o, g.ops])
            cur.ops.sort()
        for v in (rc.var, rc.loopvar):
            self.note_var(rf, func, v)
        if how.replaces and renamed_init(func) != func:
            p.renames[func] = renamed_init(func)


def walk_plan(cb, ci):
    """what syscore_callbacks.cocci needs to write the walk of callback CB
    (CallbackFacts CI): its rule ("list"/"array", "int"/"void", the
    direction, "lock"), the name of the function of one instance and the
    collection's names.  The sysdev core suspended and shut down a class's
    sys_devices in the order they were registered (2.6.38's
    drivers/base/sys.c), and so does the walk; it resumes them in the
    reverse order, as upstream's own conversions of collections did (vic,
    alchemy's interrupt controllers).  A chain ("->next") is walked from
    its head in every slot, the one order it has"""
    w = ci.walk
    newest_first = ci.slot == "resume"
    if w.walk == "chain":   # one order: from its head, the last pushed first
        return {"rule": "chain_%s" % ("int" if ci.slot == "suspend" else "void"), "one": cb + "_one",
                "head": w.head, "link": w.link, "lock": None, "bound": None, "first": "newest"}
    if w.walk == "list":
        forward = newest_first == w.newest_first
        lock = w.lock if ci.slot == "shutdown" else None
    else:                   # an array, of objects or of pointers
        forward = not newest_first
        lock = None
    rule = "_".join([w.walk, "int" if ci.slot == "suspend" else "void", "fwd" if forward else "rev"] +
                    (["lock"] if lock else []))
    return {"rule": rule, "one": cb + "_one", "head": w.head, "link": w.link, "lock": lock,
            "bound": w.bound, "first": "newest" if newest_first else "oldest"}


def unregistered_in(g, path, func):
    """the group's ops is unregistered in FUNC of PATH: an error path of
    the init that registers it (Placer.after_last() tells whether the ops
    can be registered after the steps that lead there)"""
    return any(u.file == path and u.func == func for u in g.unsites)


def driver_stays_for(d):
    """why a driver stays: its other fields, else other users"""
    return "." + "/.".join(d.add + d.others) if d.add or d.others else "other users"
