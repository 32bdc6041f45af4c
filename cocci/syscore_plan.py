# SPDX-License-Identifier: GPL-2.0-only
"""syscore_plan.py - the decisions of the sysdev -> syscore_ops conversion.

Imported by sysdev_to_syscore_ops.cocci (its finalize rule), which has
collected the facts of every file of the run with Coccinelle rules; this
module decides, across files, what is converted and how, and returns the
reports and the per-file plan the rewrite jobs (syscore_*.cocci) follow.
The rules are described in the header of sysdev_to_syscore_ops.cocci.
"""
import copy
import os
import re

SLOTS = ("suspend", "resume", "shutdown")
CPU_CLASS = "cpu_sysdev_class"
MAX_SITE_OPS = 7        # syscore_sites.cocci appends at most this many


def ops_prefix(name):
    for suf in ("_sysdev_class", "_sysdev_driver", "_sysclass", "_class", "_driver"):
        if name.endswith(suf) and len(name) > len(suf):
            return name[:-len(suf)]
    return name


def cb_stem(cb):
    for suf in ("_suspend", "_resume", "_shutdown"):
        if cb.endswith(suf):
            return cb[:-len(suf)]
    return cb


def common_prefix(names):
    p = os.path.commonprefix(list(names))
    return p.rstrip("_")


def rename_init(name):
    for suf in ("_init_device", "_init_sysfs"):
        if name.endswith(suf):
            return name[:-len(suf)] + "_init_ops"
    return name


def include_name(header, user):
    """How USER (a path) includes HEADER (a path), or None."""
    if os.path.dirname(header) == os.path.dirname(user):
        return '"%s"' % os.path.basename(header)
    i = header.rfind("include/")
    if i >= 0:
        return "<%s>" % header[i + len("include/"):]
    return None


class Planner:
    def __init__(self, files, runfiles=()):
        self.files = files
        self.runfiles = sorted(set(runfiles) | set(files))
        self.reports = []       # (file, pos, message)
        self.plan = {}          # file -> plan of that file
        self._text = {}

    # --- helpers -------------------------------------------------------
    def text(self, f):
        if f not in self._text:
            try:
                with open(f, errors="replace") as src:
                    self._text[f] = src.read()
            except OSError:
                self._text[f] = ""
        return self._text[f]

    def includes(self, f):
        return set(re.findall(r'^\s*#\s*include\s*([<"][^>"]+[>"])', self.text(f), re.M))

    def ifdepth(self, f, line):
        """number of #if blocks open at LINE of F"""
        d = 0
        for i, l in enumerate(self.text(f).splitlines(), 1):
            if i >= line:
                break
            m = re.match(r"\s*#\s*(if|ifdef|ifndef|endif)\b", l)
            if m:
                d += -1 if m.group(1) == "endif" else 1
        return d

    def fp(self, f):
        p = self.plan.setdefault(f, {})
        for k in ("callbacks", "classes", "drivers", "devices", "arrays", "ops",
                  "sites", "calls", "vars", "renames", "externs", "headers",
                  "protos", "initcalls"):
            p.setdefault(k, {} if k in ("callbacks", "classes", "drivers", "devices",
                                        "arrays", "renames", "protos", "calls") else [])
        return p

    def say(self, f, pos, msg):
        self.reports.append((f, pos, msg))

    # --- the tree's objects ----------------------------------------------
    def index(self):
        self.classes = {}       # (file, C) -> info
        self.drivers = {}
        self.cls_by_name = {}   # C -> [(file, C)] non-static first
        self.devices = {}       # (file, D) -> info
        self.dev_by_name = {}
        self.arrays = {}
        self.funcs = {}         # F -> [(file, info)]
        self.calls = []         # (file, call)
        for f, d in sorted(self.files.items()):
            if d["impl"]:
                continue
            for C, c in d["classes"].items():
                self.classes[(f, C)] = c
                self.cls_by_name.setdefault(C, []).append((f, C))
            for D, c in d["drivers"].items():
                self.drivers[(f, D)] = c
            for D, c in d["devices"].items():
                self.devices[(f, D)] = c
                self.dev_by_name.setdefault(D, []).append((f, D))
            for A, c in d["arrays"].items():
                self.arrays[(f, A)] = c
            for F, c in d["funcs"].items():
                self.funcs.setdefault(F, []).append((f, c))
            for k, c in sorted(d["calls"].items()):
                if "fn" in c:
                    self.calls.append((f, c))

    def resolve(self, table, byname, name, user):
        """the object NAME as seen from file USER"""
        if (user, name) in table:
            return (user, name)
        cands = [k for k in byname.get(name, []) if not table[k]["static"]]
        return cands[0] if len(cands) == 1 else None

    def resolve_cls(self, name, user):
        return self.resolve(self.classes, self.cls_by_name, name, user)

    def resolve_dev(self, name, user):
        if (user, name) in self.devices:
            return (user, name)
        c = [k for k in self.dev_by_name.get(name, []) if k[0] != user]
        return c[0] if len(c) == 1 else None

    def arg(self, a):
        """'&x' -> x, else None"""
        m = re.match(r"^&(\w+)$", a)
        return m.group(1) if m else None

    def calls_of(self, fn, pred):
        return [(f, c) for f, c in self.calls if c["fn"] == fn and pred(f, c)]

    # --- sources and their callbacks ------------------------------------------
    def pm(self, info):
        """[(slot, cb, amp)] in field order"""
        out = []
        for _, fld, val, _ in sorted(info["fields"], key=lambda x: x[0]):
            if fld in SLOTS and val not in ("NULL", "0"):
                out.append((fld, val.lstrip("&"), val.startswith("&")))
        return out

    def other_fields(self, info):
        return [fld for _, fld, _, _ in info["fields"] if fld not in SLOTS + ("name",)]

    def class_devices(self, ck):
        """static devices, array elements, run-time devices of class ck"""
        f, C = ck
        static, arrays, runtime = [], [], []
        for (df, D), d in self.devices.items():
            if d["cls"] == C and self.resolve_cls(C, df) == ck:
                static.append((df, D))
        for (af, A), a in self.arrays.items():
            if any(c == C and self.resolve_cls(C, af) == ck for _, c in a["cls"]):
                arrays.append((af, A))
        embedded = []
        for df, d in sorted(self.files.items()):
            for a in d["asg"]:
                if a["cls"] != C or self.resolve_cls(C, df) != ck:
                    continue
                dk = self.resolve_dev(a["dev"], df) if re.match(r"^\w+$", a["dev"]) else None
                m = re.match(r"^(\w+)\.(\w+)$", a["dev"])
                if dk:
                    if dk not in static:
                        static.append(dk)
                elif m and m.group(1) in d.get("objs", {}) and a["pos"]["func"]:
                    # a sys_device embedded in a file-scope object
                    embedded.append((df, m.group(1), m.group(2), d["objs"][m.group(1)]))
                else:
                    runtime.append((df, a))
        return static, arrays, runtime, embedded

    def drivers_on(self, ck):
        """[(file, driver name, call)] registered on class ck"""
        out = []
        for f, c in self.calls_of("sysdev_driver_register", lambda f, c: len(c["args"]) == 2):
            C, D = self.arg(c["args"][0]), self.arg(c["args"][1])
            if C and D and self.resolve_cls(C, f) == ck:
                out.append((f, D, c))
        return out

    # --- the decisions ---------------------------------------------------------
    def run(self):
        self.index()
        srcs = []
        for (f, C), c in sorted(self.classes.items()):
            if self.pm(c):
                srcs.append(("class", f, C))
        for (f, D), c in sorted(self.drivers.items()):
            if self.pm(c):
                srcs.append(("driver", f, D))
        # group by callbacks
        # (a static callback is its file's: the same name in two files is
        # two callbacks)
        groups = {}
        for s in srcs:
            info = self.src_info(s)
            k = tuple(sorted((sl, cb, self.cb_scope(s[1], cb)) for sl, cb, _ in self.pm(info)))
            groups.setdefault(k, []).append(s)
        cbgroup = {}
        for k, g in groups.items():
            for _, cb, scope in k:
                cbgroup.setdefault((scope, cb), set()).add(k)
        self.class_ops = {}
        for k, g in sorted(groups.items(), key=lambda x: (x[1][0][1], x[1][0][2])):
            why = []
            for _, cb, scope in k:
                if len(cbgroup[(scope, cb)]) > 1:
                    why.append((g[0], None, "callback %s() is shared with another sysdev whose callbacks differ" % cb))
            self.group(tuple((sl, cb) for sl, cb, _ in k), g, why)

    def cb_scope(self, f, cb):
        fi = dict(self.funcs.get(cb, [])).get(f)
        return f if fi is not None and fi.get("static") else ""

    def src_info(self, s):
        return (self.classes if s[0] == "class" else self.drivers)[(s[1], s[2])]

    def group(self, k, g, why):
        """decide for the sources G sharing the callbacks K"""
        G = {"sources": g, "cbs": dict(k)}
        # callbacks
        cbinfo = {}
        self.allow = {}
        for src in g:
            if src[0] == "class":
                st, ar, rt, em = self.class_devices((src[1], src[2]))
                if len(em) == 1 and not st and not ar and not rt:
                    df, X, m, S = em[0]
                    self.allow[("struct" + S, m)] = (df, X)
        for slot, cb in k:
            w = self.check_cb(slot, cb, g)
            if isinstance(w, str):
                why.append((g[0], None, w))
            elif isinstance(w, tuple) and len(w) == 3:
                why.append(w)
            else:
                cbinfo[cb] = w
        # per source: where does it go, where is it registered
        decisions = []
        for s in g:
            d = self.class_decision(s) if s[0] == "class" else self.driver_decision(s)
            if isinstance(d, list):
                why.extend(d)
            else:
                decisions.append(d)
        if not why:
            # a group is converted whole or not at all: what finish()
            # planned before it found a reason is undone
            saved = copy.deepcopy(self.plan)
            why = self.finish(G, cbinfo, decisions)
            if why:
                self.plan = saved
        if why:
            for s, pos, w in why:
                info = self.src_info(s)
                what = "sysdev class" if s[0] == "class" else "sysdev_driver"
                self.say(pos[0] if pos else s[1], pos[1] if pos else info["pos"],
                         "not converted: %s %s: %s" % (what, s[2], w))
            others = set(why_s for why_s, _, _ in why)
            for s in g:
                if s not in others:
                    info = self.src_info(s)
                    what = "sysdev class" if s[0] == "class" else "sysdev_driver"
                    self.say(s[1], info["pos"], "not converted: %s %s: shares its callbacks with %s, which is not converted" % (what, s[2], ", ".join(sorted(o[2] for o in others))))

    def check_cb(self, slot, cb, g):
        """callback facts, or a reason (str or (src, (file, pos), msg))"""
        src = g[0]
        defs = self.funcs.get(cb, [])
        local = [x for x in defs if x[0] == src[1]]
        want = "suspend" if slot == "suspend" else "resume"
        if local:
            f, fi = local[0]
        else:
            nonstatic = [x for x in defs if not x[1].get("static")]
            if len(nonstatic) != 1:
                where = sorted(ff for ff, d in self.files.items() if cb in d["protos"])
                if len(where) == 1 and where[0].endswith(".h") and not defs:
                    # a platform's callback: its definition is not in the
                    # run; the prototype tells its signature
                    proto = self.files[where[0]]["protos"][cb]
                    if proto.get("sig") != want:
                        return (src, (where[0], proto),
                                "callback %s() is not declared with the sysdev %s signature" % (cb, slot))
                    used = self.used_outside(src, cb, None, False)
                    if used:
                        return used
                    return {"file": None, "slot": slot, "static": False, "fold": None,
                            "nop": False, "container": None, "protos": where}
                if where:
                    return "callback %s() is declared in %s but defined in none of the files scanned" % (cb, where[0])
                return "callback %s() is not defined in the files scanned" % cb
            f, fi = nonstatic[0]
        if fi.get("sig") != want:
            return (src, (f, fi["pos"]), "callback %s() does not have the sysdev %s signature" % (cb, slot))
        if "pmsg_on" in fi:
            G, pos = fi["pmsg_on"]
            return (src, (f, pos), "%s() is \"return %s(dev, PMSG_ON)\": not guessed" % (cb, G))
        container = None
        if "dev" in fi:
            conts = {k: (T, m) for k, T, m in fi.get("cont", [])}
            objs = set(self.allow.get(conts[k]) for k in fi["devs"] if k in conts)
            if set(fi["devs"]) <= set(conts) and len(objs) == 1 and None not in objs \
                    and list(objs)[0][0] == f:
                # container_of(dev, T, m) finds the one object with a
                # sys_device of the class: the object itself
                container = list(objs)[0][1]
            else:
                return (src, (f, fi["dev"]), "callback %s() uses its struct sys_device * argument (to find its instance?): not guessed" % cb)
        if "state" in fi:
            return (src, (f, fi["state"]), "callback %s() depends on its pm_message_t argument: not guessed" % cb)
        used = self.used_outside(src, cb, f, fi.get("static"))
        if used:
            return used
        fold = None
        if fi.get("wraps") and fi["wraps"] in self.files[f].get("voidfn", {}):
            fold = fi["wraps"]
        return {"file": f, "slot": slot, "static": bool(fi.get("static")),
                "fold": fold, "nop": bool(fi.get("nop")) and slot == "suspend",
                "container": container,
                "protos": [ff_ for ff_, d in self.files.items() if cb in d["protos"] and ff_ != f]}

    def used_outside(self, src, cb, f, static):
        """a reason when callback CB (of file F) is referred to outside a
        sysdev struct: its signature is about to change"""
        for ff_, d in self.files.items():
            if static and ff_ != f:
                continue
            for F, pos in d["refs"]:
                if F == cb:
                    return (src, (ff_, pos), "callback %s() is also used outside its sysdev (its signature would change)" % cb)
        return None

    def refs_anywhere(self, name, deffile, static):
        out = []
        for f, d in self.files.items():
            if static and f != deffile:
                continue
            for X, k, pos in d["crefs"]:
                if X == name and tuple(k) not in d["cknown"]:
                    out.append((f, pos))
        return out

    def reg_calls(self, fn, idx, name, ck_or_dk, resolver):
        out = []
        for f, c in self.calls_of(fn, lambda f, c: len(c["args"]) > idx):
            a = self.arg(c["args"][idx])
            if a == name and resolver(a, f) == ck_or_dk:
                out.append((f, c))
        return out

    def class_decision(self, s):
        _, f, C = s
        ck = (f, C)
        info = self.classes[ck]
        static, arrays, runtime, embedded = self.class_devices(ck)
        drivers = self.drivers_on(ck)
        creg = self.reg_calls("sysdev_class_register", 0, C, ck, self.resolve_cls)
        cunreg = self.reg_calls("sysdev_class_unregister", 0, C, ck, self.resolve_cls)
        files_ = self.calls_of("sysdev_class_create_file", lambda ff_, c: self.arg(c["args"][0]) == C and self.resolve_cls(C, ff_) == ck)
        stay = []
        if self.other_fields(info):
            stay.append("its %s" % ", ".join("." + x for x in self.other_fields(info)))
        if files_:
            stay.append("sysfs files")
        if [d for d in drivers]:
            stay.append("drivers on it")
        if runtime:
            stay.append("sys_devices set up at run time")
        if self.refs_anywhere(C, f, info["static"]):
            stay.append("other users")
        devsysfs = []
        for dk in static:
            if self.calls_of("sysdev_create_file", lambda ff_, c, dk=dk: self.arg(c["args"][0]) == dk[1] and self.resolve_dev(dk[1], ff_) == dk):
                devsysfs.append(dk)
            elif self.refs_anywhere(dk[1], dk[0], True):
                devsysfs.append(dk)
        if devsysfs:
            stay.append("sys_devices with other users")
        for ak in arrays:
            if len(set(c for _, c in self.arrays[ak]["cls"])) != len(self.arrays[ak]["cls"]):
                stay.append("several devices in one array")
        # where its devices are registered
        sites = []
        for dk in static:
            for rf, rc in self.reg_calls("sysdev_register", 0, dk[1], dk, self.resolve_dev):
                sites.append(("dev", dk, rf, rc))
        for ak in arrays:
            for rf, rc in self.calls_of("sysdev_register", lambda ff_, c, ak=ak: ff_ == ak[0] and re.match(r"^&%s\[\w+\]$" % re.escape(ak[1]), c["args"][0])):
                sites.append(("array", ak, rf, rc))
        unsites = []
        for dk in static:
            for rf, rc in self.reg_calls("sysdev_unregister", 0, dk[1], dk, self.resolve_dev):
                unsites.append(("dev", dk, rf, rc))
        for ek in embedded:
            for fn, lst in (("sysdev_register", sites), ("sysdev_unregister", unsites)):
                for rf, rc in self.calls_of(fn, lambda ff_, c, ek=ek: ff_ == ek[0] and c["args"][0] == "&%s.%s" % ek[1:3]):
                    lst.append(("emb", ek, rf, rc))
        return {"src": s, "kind": "class", "stay": stay, "static": static,
                "arrays": arrays, "runtime": runtime, "embedded": embedded,
                "creg": creg, "cunreg": cunreg,
                "sites": sites, "unsites": unsites, "devstay": devsysfs}

    def driver_decision(self, s):
        _, f, D = s
        info = self.drivers[(f, D)]
        regs = [(rf, rc) for rf, rc in self.calls_of("sysdev_driver_register", lambda ff_, c: len(c["args"]) == 2 and self.arg(c["args"][1]) == D and (ff_ == f or not info["static"]))]
        unregs = [(rf, rc) for rf, rc in self.calls_of("sysdev_driver_unregister", lambda ff_, c: len(c["args"]) == 2 and self.arg(c["args"][1]) == D and (ff_ == f or not info["static"]))]
        if not regs:
            return [((("driver", f, D)), None, "not registered with sysdev_driver_register() in the files scanned")]
        add = [fld for _, fld, _, _ in info["fields"] if fld in ("add", "remove")]
        others = [fld for _, fld, _, _ in info["fields"] if fld not in SLOTS + ("add", "remove")]
        classes = []
        for rf, rc in regs:
            C = self.arg(rc["args"][0])
            if C is None:
                return [(("driver", f, D), (rf, rc["pos"]), "registered on a class given as %s" % rc["args"][0])]
            classes.append((C, rf, rc))
        return {"src": s, "kind": "driver", "add": add, "others": others,
                "regs": regs, "unregs": unregs, "classes": classes,
                "stay": bool(add or others or self.refs_anywhere(D, f, info["static"]))}

    # --- putting a group together ---------------------------------------------
    def finish(self, G, cbinfo, decisions):
        g = G["sources"]
        srcinfo = {d["src"]: d for d in decisions}
        # name
        if len(g) == 1:
            name = ops_prefix(g[0][2])
        else:
            stems = [cb_stem(cb) for cb in sorted(G["cbs"].values())]
            name = common_prefix(stems) if len(stems) > 1 else stems[0]
            if len(name) < 4:
                name = ops_prefix(g[0][2])
        # collapse: a PM-only driver on a PM-less class of the same file
        # that only carries it
        collapse = None
        if len(g) == 1 and g[0][0] == "driver" and not srcinfo[g[0]]["stay"]:
            d = srcinfo[g[0]]
            if len(d["classes"]) == 1 and d["classes"][0][0] != CPU_CLASS:
                ck = self.resolve_cls(d["classes"][0][0], g[0][1])
                if ck and ck[0] == g[0][1]:
                    cd = self.class_decision(("class", ck[0], ck[1]))
                    if not self.pm(self.classes[ck]) and not cd["stay"][1:] and \
                            cd["stay"] in ([], ["drivers on it"]) and \
                            len(self.drivers_on(ck)) == 1 and not cd["arrays"] and \
                            all(dk[0] == ck[0] for dk in cd["static"]) and cd["static"]:
                        collapse = cd
                        name = ops_prefix(ck[1])
        O = name + "_syscore_ops"
        why = []
        # ops fields after folding
        fields = []
        first = self.src_info(g[0])
        for slot, cb, _ in self.pm(first):
            ci = cbinfo[cb]
            if ci["nop"]:
                continue
            fields.append((slot, ci["fold"] or cb))
        if not fields:
            why.append((g[0], None, "its only callback is a suspend that does nothing"))
            return why
        # every source: how it is converted; the registration sites
        regsites = []       # (file, func, how, call, ops-target)
        unsites = []
        edits = []          # (file, kind, payload)
        remote = set()
        anchor = None
        for s in g:
            d = srcinfo[s]
            if s[0] == "class":
                w = self.plan_class(s, d, O, len(g) == 1, regsites, unsites, edits)
            else:
                w = self.plan_driver(s, d, O, len(g) == 1, regsites, unsites, edits, collapse)
            if w:
                why.extend(w)
        if why:
            return why
        if not regsites:
            return [(g[0], None, "no sys_device of its class is registered in the files scanned")]
        # where the ops lives
        inplace = [e for e in edits if e[1] in ("class-inplace", "driver-inplace")]
        deffile = inplace[0][0] if inplace else None
        platform = [cb for cb, ci in sorted(cbinfo.items()) if ci["file"] is None or
                    any(self.stubbed(h, cb) for h in ci["protos"])]
        if not inplace and platform:
            deffile, w = self.home_file(g, cbinfo, platform)
            if w:
                return [(g[0], None, w)]
        if not inplace and not deffile:
            cbfiles = set(ci["file"] for ci in cbinfo.values())
            if len(g) == 1 or len(set(s[1] for s in g)) == 1:
                deffile = g[0][1]
            if len(cbfiles) == 1 and list(cbfiles)[0] != g[0][1] and len(set(s[1] for s in g)) > 1:
                deffile = list(cbfiles)[0]
            elif len(cbfiles) == 1 and all(s[1] != list(cbfiles)[0] for s in g):
                deffile = list(cbfiles)[0]
            if deffile is None:
                deffile = sorted(cbfiles)[0]
        for rf, *_ in regsites + unsites:
            if rf != deffile:
                remote.add(rf)
        # a registration site with several calls per function: one
        # registration (the first), the others go
        why.extend(self.check_sites(g[0], regsites + unsites))
        # syscore_sites.cocci appends at most MAX_SITE_OPS registrations at
        # one site (and, below, declares at most 4 ops after one declaration)
        for rf, func, how, rc, kind in regsites + unsites:
            cur = self.plan.get(rf, {}).get("calls", {}).get(self.ck(rc), {})
            if len(cur.get("ops", [])) >= MAX_SITE_OPS:
                why.append((g[0], (rf, rc["pos"]), "%s() would register more than %d ops at one place" % (func, MAX_SITE_OPS)))
        if why:
            return why
        # the header that declares the ops for the other files
        header = None
        if remote:
            header = self.pick_header(g, cbinfo, deffile)
            if header is None:
                return [(g[0], None, "registered from %s, but no header declares its class or callbacks" % ", ".join(sorted(remote)))]
            for rf in sorted(remote):
                if rf == header:
                    continue
                inc = include_name(header, rf)
                if inc is None:
                    return [(g[0], None, "%s would need %s, which it cannot include" % (rf, header))]
                if inc not in self.includes(rf):
                    return [(g[0], None, "%s would need #include %s (declaring %s): not added" % (rf, inc, O))]
        if header:
            saved = list(self.fp(header)["externs"])
            self.plan_extern(g, O, header)
            deep = len(self.fp(header)["externs"]) > len(saved) and \
                self.fp(header)["externs"][-1].get("depth", 0) > 3
            self.fp(header)["externs"] = saved
            if deep:
                return [(g[0], None, "%s would declare more than four ops after one declaration" % header)]
        if not inplace:
            anchor = self.pick_anchor(g, cbinfo, deffile)
            if anchor is None:
                return [(g[0], None, "%s has no definition outside #if for %s to follow" % (deffile, O))]
        # commit the plan
        static = not remote
        pf = self.fp(deffile)
        drv_on = {s[2]: sorted(set(c for c, _, _ in srcinfo[s]["classes"]))
                  for s in g if s[0] == "driver"}
        if inplace:
            e = inplace[0]
            (pf["classes"] if e[1] == "class-inplace" else pf["drivers"])[e[2]] = {
                "do": "inplace", "ops": O, "static": static, "fields": fields}
            if e[1] == "driver-inplace":
                pf["drivers"][e[2]]["on"] = drv_on[e[2]]
        else:
            d = self.files.get(deffile, {})
            if not any(d.get(k) for k in ("classes", "drivers", "devices", "arrays", "asg",
                                          "calls", "funcs", "protos")):
                pf["keep_sysdev"] = True
            pf["ops"].append({"name": O, "static": static, "fields": fields, "after": anchor})
        for e in edits:
            if e in inplace:
                continue
            ef, kind, name = e[0], e[1], e[2]
            p = self.fp(ef)
            if kind == "class-strip":
                p["classes"][name] = {"do": "strip", "ops": O,
                                      "why": ", ".join(srcinfo[("class", ef, name)]["stay"])}
            elif kind == "class-remove":
                p["classes"][name] = {"do": "remove", "ops": O}
            elif kind == "driver-strip":
                d = srcinfo[("driver", ef, name)]
                p["drivers"][name] = {"do": "strip", "ops": O, "on": drv_on[name],
                                      "why": "." + "/.".join(d["add"] + d["others"]) if d["add"] or d["others"]
                                      else "other users"}
            elif kind == "driver-remove":
                p["drivers"][name] = {"do": "remove", "ops": O, "on": drv_on[name]}
            elif kind == "device-remove":
                p["devices"][name] = {"do": "remove"}
            elif kind == "array-remove":
                p["arrays"][name] = {"do": "remove"}
            elif kind == "embedded-remove":
                X, m, S = name
                p.setdefault("embedded", []).append({"obj": X, "member": m, "struct": S})
        for cb, ci in cbinfo.items():
            for hf in ci["protos"]:
                self.fp(hf)["protos"][cb] = ci["slot"]
            if ci["file"] is None:
                continue
            p = self.fp(ci["file"])
            p["callbacks"][cb] = {"slot": ci["slot"], "fold": ci["fold"], "nop": ci["nop"]}
            if ci["container"]:
                p["callbacks"][cb]["container"] = ci["container"]
        for s in g:
            if s[0] == "class":
                for (af, A), a in self.arrays.items():
                    for l, c in a["cls"]:
                        if self.resolve_cls(c, af) == (s[1], s[2]):
                            self.class_ops[(af, c)] = O
        self.commit_sites(O, regsites, unsites, [0, g[0][1], self.src_info(g[0])["pos"]["line"]])
        if header:
            self.plan_extern(g, O, header)
        # reports
        for s in g:
            d = srcinfo[s]
            info = self.src_info(s)
            what = "sysdev class" if s[0] == "class" else "sysdev_driver"
            elsewhere = sorted(set(rf for rf, *_ in regsites if rf != s[1]))
            where = " (registered in %s)" % ", ".join(elsewhere) if elsewhere else ""
            if platform and not inplace:
                where = " (defined in %s, registered in %s)" % (deffile, ", ".join(sorted(set(rf for rf, *_ in regsites))))
                outside = [cb for cb in platform if cbinfo[cb]["file"] is None]
                if outside:
                    where += "; %s() %s defined in none of the files scanned: convert %s with %s" % (
                        "(), ".join(outside), "is" if len(outside) == 1 else "are",
                        "it" if len(outside) == 1 else "them", " and ".join(cbinfo[outside[0]]["protos"]))
            if any(e[2] == s[2] and e[0] == s[1] and e[1].endswith("inplace") for e in edits):
                msg = "%s %s can be converted to struct syscore_ops %s%s" % (what, s[2], O, where)
            elif any(e[2] == s[2] and e[0] == s[1] and e[1].endswith("remove") for e in edits):
                msg = "%s %s can be converted: its callbacks go to struct syscore_ops %s%s" % (what, s[2], O, where)
            else:
                reason = ", ".join(d["stay"]) if s[0] == "class" else \
                    "." + "/.".join(d["add"] + d["others"]) if (d["add"] or d["others"]) else "other users"
                msg = "%s %s: its PM callbacks can move to struct syscore_ops %s%s; the %s stays for %s" % (
                    what, s[2], O, where, "class" if s[0] == "class" else "driver", reason)
            self.say(s[1], info["pos"], msg)
        return []

    def plan_class(self, s, d, O, single, regsites, unsites, edits):
        _, f, C = s
        ck = (f, C)
        removable = not d["stay"] and not d["devstay"]
        if removable:
            edits.append((f, "class-inplace" if single else "class-remove", C))
            for dk in d["static"]:
                edits.append((dk[0], "device-remove", dk[1]))
            for ek in d["embedded"]:
                edits.append((ek[0], "embedded-remove", ek[1:]))
            for ak in d["arrays"]:
                for c in set(c for _, c in self.arrays[ak]["cls"]):
                    k = self.resolve_cls(c, ak[0])
                    if k is None or not self.class_goes(k):
                        return [(s, (ak[0], self.arrays[ak]["pos"]), "array %s also holds a sys_device of class %s, which stays" % (ak[1], c))]
                edits.append((ak[0], "array-remove", ak[1]))
            for rf, rc in d["creg"]:
                self.remove_call(rf, rc)
            # the devices' registrations become the ops'
            for kind, k, rf, rc in d["sites"]:
                regsites.append((rf, rc["pos"]["func"], "replace", rc, kind))
            for kind, k, rf, rc in d["unsites"]:
                unsites.append((rf, rc["pos"]["func"], "replace-un", rc, kind))
            for rf, rc in d["cunreg"]:
                unsites.append((rf, rc["pos"]["func"], "replace-un", rc, "class"))
            if not d["sites"]:
                return [(s, None, "no sys_device of the class is registered in the files scanned")]
            return None
        edits.append((f, "class-strip", C))
        if d["sites"] and not d["runtime"]:
            for kind, k, rf, rc in d["sites"]:
                if kind == "array":
                    return [(s, (rf, rc["pos"]), "its sys_devices stay in array %s" % k[1])]
                regsites.append((rf, rc["pos"]["func"], "before", rc, kind))
            for kind, k, rf, rc in d["unsites"]:
                unsites.append((rf, rc["pos"]["func"], "before-un", rc, kind))
        else:
            if not d["creg"]:
                return [(s, None, "the class is not registered in the files scanned")]
            for rf, rc in d["creg"]:
                regsites.append((rf, rc["pos"]["func"], "after", rc, "class"))
            for rf, rc in d["cunreg"]:
                unsites.append((rf, rc["pos"]["func"], "before-un", rc, "class"))
        return None

    def class_goes(self, ck):
        info = self.classes[ck]
        if not self.pm(info):
            return False
        d = self.class_decision(("class", ck[0], ck[1]))
        return not d["stay"] and not d["devstay"]

    def plan_driver(self, s, d, O, single, regsites, unsites, edits, collapse):
        _, f, D = s
        if d["stay"]:
            edits.append((f, "driver-strip", D))
        else:
            edits.append((f, "driver-inplace" if single else "driver-remove", D))
        for C, rf, rc in d["classes"]:
            if C == CPU_CLASS:
                how = "after" if d["stay"] else "replace"
                regsites.append((rf, rc["pos"]["func"], how, rc, "driver"))
                continue
            if not d["stay"]:
                self.remove_call(rf, rc)
            ck = self.resolve_cls(C, rf)
            if ck is None:
                return [(s, (rf, rc["pos"]), "class %s is not defined in the files scanned" % C)]
            cd = self.class_decision(("class", ck[0], ck[1]))
            if collapse is not None and ck == collapse["src"][1:] or (collapse is not None and (ck[0], ck[1]) == (collapse["src"][1], collapse["src"][2])):
                # the device registrations go: each must be one call
                # of a form the rewrite knows
                w = self.check_sites(s, [(srf, src["pos"]["func"], "replace", src, kind)
                                         for kind, k, srf, src in cd["sites"]])
                if w:
                    return w
                edits.append((ck[0], "class-remove", ck[1]))
                for dk in cd["static"]:
                    edits.append((dk[0], "device-remove", dk[1]))
                for crf, crc in cd["creg"]:
                    self.remove_call(crf, crc)
                for kind, k, srf, src in cd["sites"]:
                    self.remove_call(srf, src)
                for kind, k, srf, src in cd["unsites"]:
                    self.remove_call(srf, src)
                for crf, crc in cd["cunreg"]:
                    self.remove_call(crf, crc)
                regsites.append((rf, rc["pos"]["func"], "replace", rc, "driver"))
                self.fp(rf)["calls"].pop(self.ck(rc), None)
                continue
            if cd["runtime"] or not cd["sites"]:
                return [(s, None, "no sys_device of class %s is registered in the files scanned" % C)]
            for kind, k, srf, src in cd["sites"]:
                if kind == "array":
                    return [(s, (srf, src["pos"]), "the sys_devices of class %s are in array %s" % (C, k[1]))]
                regsites.append((srf, src["pos"]["func"], "before", src, kind))
        for rf, rc in d["unregs"]:
            C = self.arg(rc["args"][0])
            if d["stay"]:
                unsites.append((rf, rc["pos"]["func"], "before-un", rc, "driver"))
            elif C == CPU_CLASS or collapse is not None:
                unsites.append((rf, rc["pos"]["func"], "replace-un", rc, "driver"))
            else:
                self.remove_call(rf, rc)
        return None

    def remove_call(self, rf, rc):
        p = self.fp(rf)
        p["calls"][self.ck(rc)] = {"do": "remove-chain" if "chain" in rc.get("forms", []) else "remove"}
        func = rc["pos"]["func"]
        if rc.get("var") and [func, rc["var"]] not in p["vars"]:
            p["vars"].append([func, rc["var"]])
        if "return" in rc.get("forms", []) and func not in p["initcalls"]:
            p["initcalls"].append(func)

    def ck(self, c):
        """the key of a call in the plan: the rewrite jobs run one after the
        other, so lines move; a call is named by its function and text"""
        return "%s|%s|%s" % (c["pos"]["func"], c["fn"], ",".join(c["args"]))

    def check_sites(self, src, sites):
        why = []
        for rf, func, how, rc, kind in sites:
            same = [c for f, c in self.calls if f == rf and self.ck(c) == self.ck(rc)]
            if len(same) > 1:
                why.append((src, (rf, rc["pos"]), "%s(%s) appears %d times in %s()" % (
                    rc["fn"], ", ".join(rc["args"]), len(same), func)))
                continue
            forms = rc.get("forms", [])
            if "inloop" in forms and "loop" not in forms:
                why.append((src, (rf, rc["pos"]), "%s(%s) in %s() is in a loop: one registration has no place there" % (
                    rc["fn"], ", ".join(rc["args"]), func)))
                continue
            ok = {"replace": ("stmt", "return", "assign", "chain", "loop"),
                  "replace-un": ("stmt",),
                  "before": ("stmt", "return", "assign", "decl"),
                  "after": ("stmt", "assign"),
                  "before-un": ("stmt",)}[how]
            if not set(forms) & set(ok):
                why.append((src, (rf, rc["pos"]), "%s(%s) in %s(): not a form the rewrite knows" % (
                    rc["fn"], ", ".join(rc["args"]), func)))
        return why

    def commit_sites(self, O, regsites, unsites, order):
        """one (un)registration of O per function: the first site in it
        gets it, later sites of the same kind in that function lose their
        call when the call's object goes (replace), else are left alone"""
        seen = set()
        sites = sorted(regsites + unsites, key=lambda x: (x[0], x[3]["pos"]["line"], x[3]["pos"]["col"]))
        for rf, func, how, rc, kind in sites:
            if how == "replace" and "loop" in rc.get("forms", []):
                how = "replace-loop"
            elif how == "replace" and "chain" in rc.get("forms", []):
                how = "replace-chain"
            un = how.endswith("-un")
            k = (rf, func, un)
            p = self.fp(rf)
            ck = self.ck(rc)
            cur = p["calls"].get(ck)
            if k in seen and not (cur and cur.get("ops") and cur["do"] == how):
                if how.startswith("replace"):
                    self.remove_call(rf, rc)
                continue
            seen.add(k)
            if cur is None or cur["do"].startswith("remove"):
                cur = p["calls"][ck] = {"do": how, "ops": []}
            if cur["do"] != how:
                raise Exception("%s:%s: %s and %s at one call" % (rf, ck, cur["do"], how))
            o = order
            if kind == "array":
                o = [min(l for l, c in self.arrays[(rf, self.arg_array(rc))]["cls"] if self.class_ops.get((rf, c)) == O)] \
                    if (rf, self.arg_array(rc)) in self.arrays else order
            if [o, O] not in cur["ops"]:
                cur["ops"].append([o, O])
                cur["ops"].sort()
            for v in (rc.get("var"), rc.get("loopvar")):
                if v and [func, v] not in p["vars"]:
                    p["vars"].append([func, v])
            if how.startswith("replace") and rename_init(func) != func:
                p["renames"][func] = rename_init(func)
        for rf, func, how, rc, kind in sites:
            v = rc.get("var")
            p = self.fp(rf)
            if v and [func, v] not in p["vars"]:
                p["vars"].append([func, v])

    def arg_array(self, rc):
        m = re.match(r"^&(\w+)\[", rc["args"][0])
        return m.group(1) if m else None

    def pick_header(self, g, cbinfo, deffile):
        # the header declaring the class (or the driver's class), else the
        # callbacks' prototypes
        names = []
        for s in g:
            if s[0] == "class":
                names.append(s[2])
            else:
                for rf, rc in self.calls_of("sysdev_driver_register", lambda ff_, c: len(c["args"]) == 2 and self.arg(c["args"][1]) == s[2]):
                    names.append(self.arg(rc["args"][0]))
        for n in names:
            for f, d in sorted(self.files.items()):
                if n in d["externs"] and f.endswith(".h"):
                    return f
        for cb in sorted(cbinfo):
            for hf in cbinfo[cb]["protos"]:
                if hf.endswith(".h"):
                    return hf
        return None

    def plan_extern(self, g, O, header):
        d = self.files[header]
        p = self.fp(header)
        n = len(p["externs"])
        self.plan_extern1(g, O, header, d, p)
        # a second ops declared at the same place goes after the first
        if len(p["externs"]) > n:
            e = p["externs"][-1]
            for prev in p["externs"][:-1]:
                if prev.get("class", prev.get("proto")) == e.get("class", e.get("proto")) and \
                        prev["do"] != "replace" and e["do"] != "replace":
                    last = prev
                    while any(x.get("after_ops") == last["ops"] for x in p["externs"][:-1]):
                        last = [x for x in p["externs"][:-1] if x.get("after_ops") == last["ops"]][0]
                    p["externs"][-1] = {"after_ops": last["ops"], "ops": O, "do": "after-ops",
                                        "depth": last.get("depth", 0) + 1}
                    break

    def plan_extern1(self, g, O, header, d, p):
        for s in g:
            if s[0] == "class" and s[2] in d["externs"]:
                p["externs"].append({"class": s[2], "ops": O,
                                     "do": "replace" if self.fp(s[1])["classes"].get(s[2], {}).get("do") in ("inplace", "remove") else "after"})
                return
        for s in g:
            if s[0] == "driver":
                for rf, rc in self.calls_of("sysdev_driver_register", lambda ff_, c: len(c["args"]) == 2 and self.arg(c["args"][1]) == s[2]):
                    C = self.arg(rc["args"][0])
                    if C in d["externs"]:
                        p["externs"].append({"class": C, "ops": O, "do": "after"})
                        return
        cbs = sorted(self.plan_cbs_in(header))
        if cbs:
            p["externs"].append({"proto": cbs[-1], "ops": O, "do": "after-proto"})

    def plan_cbs_in(self, header):
        return self.fp(header)["protos"].keys()

    def pick_anchor(self, g, cbinfo, deffile):
        """after which definition the new ops goes: the source struct when
        there is one in DEFFILE at top level, else the last callback"""
        structs = [s for s in g if s[1] == deffile]
        tops = [s for s in structs if self.ifdepth(deffile, self.src_info(s)["pos"]["line"]) == 0]
        if len(structs) == 1 and tops:
            return {"struct": structs[0][2]}
        cbs = [(ci["file"], cb, self.funcs_pos(cb, ci["file"])) for cb, ci in cbinfo.items()
               if ci["file"] == deffile]
        cbs = [x for x in cbs if x[2] is not None]
        top_cbs = [x for x in cbs if self.ifdepth(deffile, x[2]) == 0]
        if top_cbs and (len(structs) != len(tops) or not structs):
            return {"func": max(top_cbs, key=lambda x: x[2])[1]}
        if tops:
            last = max(tops, key=lambda s: self.src_info(s)["pos"]["line"])
            return {"struct": last[2]}
        if cbs:
            return {"func": max(cbs, key=lambda x: x[2])[1]}
        if structs:
            return {"struct": structs[-1][2]}
        last = self.last_function(deffile)
        return {"func": last} if last else None

    def last_function(self, f):
        """the name of the last function of F defined outside any #if
        (kernel style: the body's braces in column 0)"""
        lines = self.text(f).splitlines()
        name = None
        for i, l in enumerate(lines):
            if l.startswith("{") and self.ifdepth(f, i + 1) == 0:
                # the declarator: the lines up to the one before it
                # that ends a declaration, a body or a comment
                j = i
                while j > 0 and lines[j - 1].strip() and \
                        not re.search(r"(^}|[;{}]\s*$|\*/\s*$|^\s*#)", lines[j - 1]):
                    j -= 1
                m = [x for x in re.findall(r"(\w+)\s*\(", " ".join(lines[j:i]))
                     if x != "__attribute__"]
                if m:
                    name = m[0]
        return name

    # --- a platform's callbacks ------------------------------------------------
    def stubbed(self, header, cb):
        """HEADER defines CB as NULL where its file is not built"""
        return re.search(r"^\s*#\s*define\s+%s\s+NULL\b" % re.escape(cb), self.text(header), re.M) is not None

    def home_file(self, g, cbinfo, platform):
        """(file, None) or (None, reason): where the ops of callbacks that
        are a platform's (defined in no file of the run, or in a file the
        header stands in for with NULL) goes: the one .c file of the run
        that includes the header declaring them, is not where they are
        defined, and whose path names them (every word of their common
        prefix: s3c24xx_irq_* -> plat-s3c24xx/irq.c)"""
        headers = sorted(set(h for cb in platform for h in cbinfo[cb]["protos"] if h.endswith(".h")))
        deffiles = set(ci["file"] for ci in cbinfo.values())
        what = "callbacks %s() are" % "(), ".join(platform) if len(platform) > 1 \
            else "callback %s() is" % platform[0]
        if len(headers) != 1:
            return None, "%s declared in %s: no one header for the ops" % (what, ", ".join(headers) or "no header")
        h = headers[0]
        where = "defined in none of the files scanned" if all(cbinfo[cb]["file"] is None for cb in platform) \
            else "stood in for by NULL there"
        prefix = common_prefix(cb_stem(cb) for cb in cbinfo)
        words = [w for w in re.split(r"[_\W]+", prefix) if w]
        cands = []
        for f in self.runfiles:
            if not f.endswith(".c") or f in deffiles:
                continue
            inc = include_name(h, f)
            if inc is None or inc not in self.includes(f):
                continue
            parts = set(re.split(r"[/._-]+", f))
            if words and all(w in parts for w in words):
                cands.append(f)
        if len(cands) != 1:
            return None, "%s declared in %s and %s; %s" % (
                what, h, where, "no file of the run that includes it is named after \"%s\" to hold the ops" % prefix
                if not cands else "%s all include it and are named after \"%s\"" % (", ".join(cands), prefix))
        return cands[0], None

    def funcs_pos(self, cb, f):
        for ff_, fi in self.funcs.get(cb, []):
            if ff_ == f:
                return fi["pos"]["line"]
        return None
