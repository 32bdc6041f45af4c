# SPDX-License-Identifier: GPL-2.0-only
"""syscore_model.py - the records of the sysdev -> syscore_ops conversion.

Every file that reads or writes the plan imports this module: the planner
(syscore_plan.py and its stages), the five rewrite jobs (syscore_*.cocci,
found beside the .cocci file through cocci.cocci_file), syscore.sh (which
files each job runs on), and the user tools of cocci/tools (describe-plan.py
and series.py: commit messages and grouping).  The plan is written as JSON (plan.json, -D plan=FILE); load_plan()
gives it back as one FilePlan per file.

Records of the planner (in memory):
  Source          a struct sysdev_class or sysdev_driver with PM callbacks
  CallbackFacts   what the planner knows of one callback of a source
  Refusal         a source that is not converted, and why (and where)
  ClassDecision   what the tree does with a class (devices, sites, users)
  DriverDecision  what the tree does with a driver (its classes, calls)
  Site            a call where the ops is (un)registered
Records of the plan (written, read by the rewrite jobs):
  FilePlan        what the rewrite jobs do in one file
"""
from dataclasses import dataclass, field, fields as dc_fields
import json
import os
from typing import Optional

SLOTS = ("suspend", "resume", "shutdown")
CPU_CLASS = "cpu_sysdev_class"
# syscore_sites.cocci has one rule per position after the first in a list
# of registrations at one site (reg2 ... reg7: Coccinelle does not match
# the code a rule adds, so a rule cannot append after its own addition)
MAX_SITE_OPS = 7
# and one per depth of ops declared after one declaration (ext_after_ops*)
MAX_EXTERN_DEPTH = 3


@dataclass(frozen=True, order=True)
class Source:
    """A PM source: kind "class" (struct sysdev_class) or "driver"
    (struct sysdev_driver) NAME, defined in FILE."""
    kind: str
    file: str
    name: str

    @property
    def what(self):
        return "sysdev class" if self.kind == "class" else "sysdev_driver"


@dataclass
class Refusal:
    """SOURCE is not converted because of REASON; FILE/POS (a position
    dict of the facts) say where, else the source's definition."""
    source: Source
    reason: str
    file: Optional[str] = None
    pos: Optional[dict] = None


@dataclass
class CallbackFacts:
    """A callback of a group of sources: FILE defines it (None: a
    platform's callback defined in no file of the run), in SLOT; FOLD is
    the function it only wraps, NOP a suspend that does nothing,
    CONTAINER the object container_of() finds, PROTOS the other files
    that declare it, DEFS the files that define it when it is a
    platform's callback defined once per platform (FILE is then None),
    CPU a callback of a driver on cpu_sysdev_class that uses its
    struct sys_device * only for the CPU's number (dev->id)."""
    file: Optional[str]
    slot: str
    static: bool
    fold: Optional[str]
    nop: bool
    container: Optional[str]
    protos: list
    defs: list = field(default_factory=list)
    cpu: bool = False


@dataclass
class Site:
    """A registration call (the facts' call dict CALL, in function FUNC of
    FILE) where the ops is (un)registered HOW: "replace", "replace-un",
    "before", "after", "before-un" (later "replace-loop", "replace-chain");
    KIND says what the call registered ("dev", "array", "emb", "class",
    "driver")."""
    file: str
    func: str
    how: str
    call: dict
    kind: str


@dataclass
class ClassDecision:
    """What the files scanned do with a class: STAY lists why it stays
    (empty: it can go), DEVSTAY its static devices that have other users."""
    source: Source
    stay: list
    static: list            # [(file, device)]
    arrays: list            # [(file, array)]
    runtime: list           # [(file, assignment)]
    embedded: list          # [(file, object, member, struct)]
    creg: list              # [(file, call)] sysdev_class_register
    cunreg: list
    sites: list             # [(kind, key, file, call)] device registrations
    unsites: list
    devstay: list


@dataclass
class DriverDecision:
    """What the files scanned do with a driver: ADD/OTHERS are the fields
    that make it stay, CLASSES the classes it is registered on."""
    source: Source
    add: list
    others: list
    regs: list              # [(file, call)]
    unregs: list
    classes: list           # [(class, file, call)]
    stay: bool


# --- the plan --------------------------------------------------------------
@dataclass
class FilePlan:
    """What the rewrite jobs do in one file.  The entries are JSON objects:
      callbacks  {F: {"slot", "fold", "nop"[, "container"][, "cpu"]}}
      classes, drivers  {NAME: {"do": inplace|strip|remove, "ops", ...}}
      devices, arrays  {NAME: {"do": "remove"}}
      embedded   [{"obj", "member", "struct"}]
      ops        [{"name", "static", "fields": [[slot, cb]], "after"}]
      calls      {"func|fn|args": {"do", "ops": [[order, ops]]}}
      vars       [[func, var]]    renames {func: new}    initcalls [func]
      externs    [{"class"|"proto"|"after_ops", "ops", "do"[, "depth"]}]
      protos     {F: slot}        keep_sysdev  the file keeps sysdev.h"""
    callbacks: dict = field(default_factory=dict)
    classes: dict = field(default_factory=dict)
    drivers: dict = field(default_factory=dict)
    devices: dict = field(default_factory=dict)
    arrays: dict = field(default_factory=dict)
    ops: list = field(default_factory=list)
    calls: dict = field(default_factory=dict)
    vars: list = field(default_factory=list)
    renames: dict = field(default_factory=dict)
    externs: list = field(default_factory=list)
    protos: dict = field(default_factory=dict)
    initcalls: list = field(default_factory=list)
    embedded: Optional[list] = None
    keep_sysdev: Optional[bool] = None

    def to_json(self):
        return {f.name: getattr(self, f.name) for f in dc_fields(self)
                if getattr(self, f.name) is not None}

    @classmethod
    def from_json(cls, d):
        return cls(**d)

    def changes(self):
        return any(v for v in self.to_json().values())

    def ops_names(self):
        """the ops this file defines, declares or registers"""
        names = {d["ops"] for kind in (self.classes, self.drivers) for d in kind.values() if "ops" in d}
        names |= {o["name"] for o in self.ops}
        names |= {o for c in self.calls.values() for _, o in c.get("ops", [])}
        names |= {e["ops"] for e in self.externs}
        return names

    def call_fns(self):
        """the functions called at the calls the plan names"""
        return [k.split("|")[1] for k in self.calls]


NO_PLAN = FilePlan()


def dump_plan(plan, path):
    with open(path, "w") as out:
        json.dump({f: p.to_json() for f, p in plan.items()}, out, indent=1, sort_keys=True)


def load_plan(path):
    with open(path) as src:
        return {f: FilePlan.from_json(d) for f, d in json.load(src).items()}


class JobPlan:
    """The plan as a rewrite job reads it (-D plan=FILE): the FilePlan of
    the file a rule's position is in.  Once a rule has changed a file,
    spatch gives later rules positions in a copy under another name; a
    name that is not a file of the plan is that copy, so it means the
    file of the plan seen last (spatch runs each job one file at a time:
    syscore.sh gives it one file per group)."""

    def __init__(self):
        self.files = {}
        self.current = None

    def load(self, path):
        if not self.files:
            self.files.update(load_plan(path))

    def file_of(self, p):
        """the file of the plan that position P is in"""
        name = os.path.normpath(p[0].file)
        if name in self.files:
            self.current = name
        return self.current

    def of(self, p):
        return self.files.get(self.file_of(p), NO_PLAN)


# which files each rewrite job runs on: those whose plan has one of its
# entries, or a call of one of its functions
JOB_ENTRIES = {"callbacks": ("callbacks", "protos"),
               "class": ("classes", "devices", "arrays"),
               "driver": ("drivers",),
               "sites": ("ops", "externs", "vars", "renames", "initcalls"),
               "includes": ()}
JOB_CALLS = {"class": ("sysdev_class_register", "sysdev_register",
                       "sysdev_class_unregister", "sysdev_unregister"),
             "driver": ("sysdev_driver_register", "sysdev_driver_unregister")}


def job_files(plan, job):
    """the files rewrite job JOB has something to do in, headers first"""
    out = []
    for f, p in sorted(plan.items(), key=lambda x: (not x[0].endswith(".h"), x[0])):
        if not p.changes():
            continue
        if job == "includes" or any(getattr(p, k) for k in JOB_ENTRIES[job]) or \
                any(fn in JOB_CALLS.get(job, ()) for fn in p.call_fns()) or \
                (job == "sites" and any(len(c.get("ops", [])) > 1 for c in p.calls.values())):
            out.append(f)
    return out


if __name__ == "__main__":
    # syscore_model.py job-files PLAN JOB: the files of a rewrite job
    import sys
    if len(sys.argv) == 4 and sys.argv[1] == "job-files":
        for f in job_files(load_plan(sys.argv[2]), sys.argv[3]):
            print(f)
    else:
        sys.exit("usage: syscore_model.py job-files PLAN.json JOB")
