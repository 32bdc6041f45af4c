# SPDX-License-Identifier: GPL-2.0-only
"""syscore_model.py - the records of the sysdev -> syscore_ops conversion.

Every file that reads or writes the plan imports this module: the planner
(syscore_plan.py and its stages), the five rewrite jobs (syscore_*.cocci,
found beside the .cocci file through cocci.cocci_file), syscore.sh (which
files each job runs on), and the user tools of cocci/tools (describe-plan.py
and series.py: commit messages and grouping).  The plan is written as JSON (plan.json, -D plan=FILE); load_plan()
gives it back as one FilePlan per file.

Records of the facts (what the rules of the entry found, per file):
  FileFacts       one file's: StructFacts, DeviceFacts, ArrayFacts,
                  Assignment, CallFacts, FuncFacts, ProtoFacts, each at a Pos
Records of the planner (in memory):
  Source          a struct sysdev_class or sysdev_driver with PM callbacks
  CallbackFacts   what the planner knows of one callback of a source
  Refusal         a source that is not converted, and why (and where)
  ClassDecision   what the tree does with a class (devices, sites, users)
  DriverDecision  what the tree does with a driver (its classes, calls)
  EmbeddedDevice  a class's one sys_device, in a file-scope object
  Site            a call where the ops is (un)registered
  Edit            what placing does to one struct (an EditKind)
Records of the plan (written, read by the rewrite jobs and the tools):
  FilePlan        what the rewrite jobs do in one file: its entries are
                  SourcePlan, GonePlan, CallbackPlan, OpsPlan, CallPlan,
                  ExternPlan, EmbeddedPlan; their kinds are the enums Do,
                  CallDo and ExternDo
"""
from dataclasses import dataclass, field, fields as dc_fields
import enum
import json
import os
import re
from typing import Optional

SLOTS = ("suspend", "resume", "shutdown")
CPU_CLASS = "cpu_sysdev_class"
# syscore_sites.cocci has one rule per position after the first in a list
# of registrations at one site (reg2 ... reg7: Coccinelle does not match
# the code a rule adds, so a rule cannot append after its own addition)
MAX_SITE_OPS = 7
# and one per depth of ops declared after one declaration (ext_after_ops*)
MAX_EXTERN_DEPTH = 3


# --- the facts (what the rules of sysdev_to_syscore_ops.cocci read) ---------
@dataclass
class Pos:
    """a position in a file: first and last line and column, and the
    function it is in (None outside one)"""
    line: int
    col: int
    line_end: int
    col_end: int
    func: Optional[str] = None

    def key(self):
        return (self.line, self.col)


@dataclass
class ProtoFacts(Pos):
    """a prototype of a callback, SIG "suspend" (it takes a pm_message_t)
    or "resume" """
    sig: Optional[str] = None


@dataclass
class StructFacts:
    """a struct sysdev_class or sysdev_driver: its FIELDS [(line, field,
    value, Pos)], STATIC, where it is defined"""
    pos: Pos
    fields: list = field(default_factory=list)
    static: bool = False


@dataclass
class DeviceFacts:
    """a static struct sys_device and its class CLS (.cls = &CLS)"""
    pos: Pos
    cls: Optional[str] = None


@dataclass
class ArrayFacts:
    """an array of struct sys_device, the classes of its elements
    CLS [(line, class)]"""
    pos: Pos
    cls: list = field(default_factory=list)


@dataclass
class Assignment:
    """DEV.cls = &CLS; (or ->) at POS: a sys_device set up at run time"""
    dev: str
    cls: str
    pos: Pos


@dataclass
class CallFacts:
    """a call of the sysdev API: FN(ARGS), the FORMS it has ("stmt",
    "return", "assign", "decl", "chain", "loop", "inloop"), the variable
    VAR it assigns, the index LOOPVAR of a loop over an array; STEPS: for
    a checked registration, the later steps of its function whose failure
    also ends it, on every path, [(line, call key "G|args")] (a loop that
    holds one is a step: the key is the call in it)"""
    pos: Pos
    fn: Optional[str] = None
    args: Optional[list] = None
    forms: list = field(default_factory=list)
    var: Optional[str] = None
    loopvar: Optional[str] = None
    steps: list = field(default_factory=list)


@dataclass
class FuncFacts:
    """a function that may be a callback: SIG ("suspend", "resume" or None),
    STATIC; what it does with its struct sys_device * (DEV: the first use,
    DEVS: every use's (line, col), CONT: the container_of() uses [(key,
    type, member)], MACROS: the macros that stand for one [(key, macro)])
    and its pm_message_t (STATE: the first use); PMSG_ON: (G, Pos) of
    "return G(dev, PMSG_ON);"; WRAPS: the function with the syscore
    signature it only calls; NOP: a suspend that returns 0"""
    pos: Pos
    sig: Optional[str] = None
    static: bool = False
    dev: Optional[Pos] = None
    devs: list = field(default_factory=list)
    cont: list = field(default_factory=list)
    macros: list = field(default_factory=list)
    pmsg_on: Optional[tuple] = None
    state: Optional[Pos] = None
    wraps: Optional[str] = None
    nop: bool = False


@dataclass
class FileFacts:
    """what the rules found in one file: IMPL, it implements the sysdev API
    (drivers/base/sys.c); its structs, devices, arrays, run-time set-ups
    (ASG), calls {(line, col): CallFacts}, functions, prototypes, extern
    class declarations {C: Pos}; REFS [(name, Pos)], the uses of a
    callback name other than in a struct (KNOWN: those in one, (line,
    name)); CREFS [(name, key, Pos)], the uses of a class or device name
    (CKNOWN: the keys of those the facts explain); OBJS {object: struct
    type}; VOIDFN {function: True}, the functions with the syscore
    signature"""
    impl: bool = False
    classes: dict = field(default_factory=dict)
    drivers: dict = field(default_factory=dict)
    devices: dict = field(default_factory=dict)
    arrays: dict = field(default_factory=dict)
    asg: list = field(default_factory=list)
    calls: dict = field(default_factory=dict)
    funcs: dict = field(default_factory=dict)
    protos: dict = field(default_factory=dict)
    externs: dict = field(default_factory=dict)
    refs: list = field(default_factory=list)
    known: set = field(default_factory=set)
    crefs: list = field(default_factory=list)
    cknown: set = field(default_factory=set)
    objs: dict = field(default_factory=dict)
    voidfn: dict = field(default_factory=dict)


NO_FACTS = FileFacts()


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
    """SOURCE is not converted because of REASON; FILE/POS (a Pos of the
    facts) say where, else the source's definition."""
    source: Source
    reason: str
    file: Optional[str] = None
    pos: Optional["Pos"] = None


@dataclass
class CallbackFacts:
    """A callback of a group of sources: FILE defines it (None: a
    platform's callback defined in no file of the run), in SLOT; FOLD is
    the function it only wraps, NOP a suspend that does nothing,
    CONTAINER the object container_of() finds, PROTOS the other files
    that declare it, DEFS the files that define it when it is a
    platform's callback defined once per platform (FILE is then None),
    CPU a callback of a driver on cpu_sysdev_class that uses its
    struct sys_device * only for the CPU's number (dev->id).  With a
    CONTAINER: POINTER, it is a file-scope pointer to the object (P->m),
    MACROS, the macros of the file that stood for container_of().  RENAME:
    its new name (a CPU callback now runs on the boot CPU only).  WALK:
    the collection of the class's instances the syscore callback walks
    (the body becomes a function of one instance)."""
    file: Optional[str]
    slot: str
    static: bool
    fold: Optional[str]
    nop: bool
    container: Optional[str]
    protos: list
    defs: list = field(default_factory=list)
    cpu: bool = False
    pointer: bool = False
    macros: list = field(default_factory=list)
    rename: Optional[str] = None
    walk: Optional["Collection"] = None
    forwards: list = field(default_factory=list)  # [Forward] whose arguments go


@dataclass(frozen=True)
class Collection:
    """The instances of a class whose sys_devices are member MEMBER of
    STRUCT ("struct S") objects that FILE keeps in a collection, walked
    by the syscore callbacks: WALK "list", the file-scope list HEAD
    linked through LINK, NEWEST_FIRST when it is added to with
    list_add() (with list_add_tail(), oldest first), LOCK the mutex
    the file's other walkers (WALKERS) hold; WALK "array", the
    file-scope static array HEAD, elements 0 .. BOUND - 1 in
    registration order, registered by a loop over INDEX (through the
    pointer PTR); WALK "ptrarray",
    the same for a file-scope array of pointers (NULL where no object
    was allocated); WALK "chain", the objects linked through LINK from
    the file-scope pointer HEAD, newest first.  ADDER: the
    function that adds (or registers) an instance."""
    file: str
    walk: str
    struct: str
    member: str
    head: str
    link: Optional[str] = None
    newest_first: bool = False
    lock: Optional[str] = None
    walkers: tuple = ()
    bound: Optional[str] = None
    adder: Optional[str] = None
    index: Optional[str] = None
    ptr: Optional[str] = None


@dataclass(frozen=True)
class EmbeddedDevice:
    """The one sys_device of a class, member MEMBER of the file-scope
    object OBJ (of type struct STRUCT) in FILE, or of the object the
    file-scope pointer OBJ points to (POINTER: only __init code sets it),
    or the one object the __init function FUNC allocates into its local
    pointer LOCAL, which becomes the file-scope pointer OBJ; with BOUND,
    one object per turn of FUNC's loop over INDEX (0 .. BOUND - 1): OBJ
    is then a file-scope array of BOUND pointers, LOCAL becomes
    OBJ[INDEX]."""
    file: str
    obj: str
    member: str
    struct: str
    pointer: bool = False
    local: Optional[str] = None
    func: Optional[str] = None
    index: Optional[str] = None
    bound: Optional[str] = None

    def expr(self):
        """how the code names the sys_device: X.m, or P->m (P the local
        that becomes OBJ)"""
        return "%s%s%s" % (self.local or self.obj, "->" if self.pointer else ".", self.member)


@dataclass
class Site:
    """A registration call (the facts' call dict CALL, in function FUNC of
    FILE) where the ops is (un)registered HOW (a CallDo: REPLACE,
    REPLACE_UN, BEFORE, AFTER, BEFORE_UN; placing makes a loop's or a
    chain's REPLACE its own kind); KIND says what the call registered
    ("dev", "array", "emb", "class", "driver")."""
    file: str
    func: str
    how: "CallDo"
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
    embedded: list          # [EmbeddedDevice]
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
class Kind(str, enum.Enum):
    """a kind written in the plan as its string: equal to it, printed as it
    (enum.StrEnum is Python 3.11's; spatch may run an older python3)"""
    def __str__(self):
        return self.value


class Do(Kind):
    """what the rewrite jobs do with a class, a driver, a device or an array"""
    INPLACE = "inplace"     # the struct becomes the ops
    STRIP = "strip"         # it stays; its PM callbacks go
    REMOVE = "remove"       # it goes


class CallDo(Kind):
    """what the rewrite jobs do at a sysdev (un)registration call; a Site's
    how (a loop or a chain makes "replace" its own kind)"""
    REMOVE = "remove"                   # the call goes
    REMOVE_CHAIN = "remove-chain"       # "if (!ret) ret = call;" goes
    REPLACE = "replace"                 # it becomes register_syscore_ops()
    REPLACE_LOOP = "replace-loop"       # a loop over sys_devices: one call
    REPLACE_CHAIN = "replace-chain"     # in a chain of registrations
    REPLACE_WALK = "replace-walk"       # the loop that set up an array's
                                        # elements goes: one call
    BEFORE = "before"                   # registered before the statement
    AFTER = "after"                     # registered after it
    AFTER_LAST = "after-last"           # after the last step that can fail
    REPLACE_UN = "replace-un"           # it becomes unregister_syscore_ops()
    BEFORE_UN = "before-un"             # unregistered before the statement

    # what kind of action it is
    unregisters = property(lambda self: self.value.endswith("-un"))
    removes = property(lambda self: self.value.startswith("remove"))
    replaces = property(lambda self: self.value.startswith("replace"))


class ExternDo(Kind):
    """where a header declares an ops"""
    REPLACE = "replace"             # in place of the class's extern
    AFTER = "after"                 # after the class's extern
    AFTER_OPS = "after-ops"         # after another ops' declaration
    AFTER_PROTO = "after-proto"     # after the callbacks' prototypes


class EditKind(Kind):
    """what placing a group does to one of its structs (syscore_place.py;
    the plan's entries say it to the rewrite jobs)"""
    CLASS_INPLACE = "class-inplace"     # the class becomes the ops
    CLASS_STRIP = "class-strip"         # it stays, its callbacks move
    CLASS_REMOVE = "class-remove"       # it goes, another struct is the ops
    DRIVER_INPLACE = "driver-inplace"
    DRIVER_STRIP = "driver-strip"
    DRIVER_REMOVE = "driver-remove"
    DEVICE_REMOVE = "device-remove"     # a static sys_device goes
    ARRAY_REMOVE = "array-remove"       # an array of them goes
    EMBEDDED_REMOVE = "embedded-remove"  # an embedded one goes

    # the struct becomes the ops; the struct goes
    inplace = property(lambda self: self.value.endswith("-inplace"))
    removes = property(lambda self: self.value.endswith("-remove"))


@dataclass(frozen=True)
class Edit:
    """KIND done to NAME in FILE (an embedded sys_device's NAME is its
    EmbeddedDevice)"""
    file: str
    kind: EditKind
    name: object


class Entry:
    """a plan entry: written as a JSON object; a field with a default is
    left out when it is None, the others are always written ("class" is
    written for the field cls); a field typed with a Kind is read back as
    that Kind"""
    JSON_NAMES = {"cls": "class"}

    def to_json(self):
        out = {}
        for f in dc_fields(self):
            v = getattr(self, f.name)
            if v is None and f.default is None:
                continue
            out[self.JSON_NAMES.get(f.name, f.name)] = v.value if isinstance(v, enum.Enum) else v
        return out

    @classmethod
    def from_json(cls, d):
        names = {v: k for k, v in cls.JSON_NAMES.items()}
        kw = {names.get(k, k): v for k, v in d.items()}
        for f in dc_fields(cls):
            if isinstance(f.type, type) and issubclass(f.type, Kind) and kw.get(f.name) is not None:
                kw[f.name] = f.type(kw[f.name])
        return cls(**kw)


@dataclass
class SourcePlan(Entry):
    """a class or a driver: DO, the ops its callbacks go to; in place:
    STATIC and the ops' FIELDS [[slot, callback]]; a driver: the classes
    it is ON; one that stays: WHY"""
    do: Do
    ops: str
    static: Optional[bool] = None
    fields: Optional[list] = None
    on: Optional[list] = None
    why: Optional[str] = None


@dataclass
class GonePlan(Entry):
    """a sys_device or an array of them that goes"""
    do: Do = Do.REMOVE


@dataclass
class CallbackPlan(Entry):
    """a callback: its SLOT; FOLD, the function it only wraps; NOP, a
    suspend that does nothing; CONTAINER, the object container_of() found
    (POINTER: a file-scope pointer to it; MACROS that stood for
    container_of()); CPU: it takes the CPU's number from
    smp_processor_id(); RENAME: its new name; WALK: the collection the
    syscore callback walks, as the rules need it (syscore_place.walk_plan())"""
    slot: str
    fold: Optional[str]
    nop: bool
    container: Optional[str] = None
    pointer: Optional[bool] = None
    macros: Optional[list] = None
    cpu: Optional[bool] = None
    rename: Optional[str] = None
    walk: Optional[dict] = None


@dataclass
class OpsPlan(Entry):
    """a new struct syscore_ops NAME with FIELDS [[slot, callback]], after
    the definition AFTER ({"struct": S} or {"func": F})"""
    name: str
    static: bool
    fields: list
    after: Optional[dict]

    def follows(self):
        """the struct or function the ops is defined after"""
        return next(iter((self.after or {}).values()), None)


@dataclass
class CallPlan(Entry):
    """a sysdev (un)registration call: DO, and the OPS registered there
    [[order, ops]] (none when the call goes); ANCHOR: for after-last, the
    key "G|args" of the call of the step the ops is registered after"""
    do: CallDo
    ops: Optional[list] = None
    anchor: Optional[str] = None

    def ops_names(self):
        return [o for _, o in self.ops or []]


@dataclass
class ExternPlan(Entry):
    """the declaration of OPS in a header: DO, next to the extern of class
    CLS, the prototype PROTO or the ops AFTER_OPS (DEPTH: how many ops
    are declared after one declaration)"""
    do: ExternDo
    ops: str
    cls: Optional[str] = None
    proto: Optional[str] = None
    after_ops: Optional[str] = None
    depth: Optional[int] = None

    def anchor(self):
        """the class or prototype the declaration goes next to"""
        return self.cls if self.cls is not None else self.proto


@dataclass
class EmbeddedPlan(Entry):
    """a sys_device MEMBER embedded in the file-scope object OBJ of type
    STRUCT (POINTER: OBJ is a pointer to it; LOCAL: the local pointer of
    FUNC that becomes the file-scope OBJ, or OBJ[INDEX] when OBJ is an
    array of BOUND pointers)"""
    obj: str
    member: str
    struct: str
    pointer: Optional[bool] = None
    local: Optional[str] = None
    func: Optional[str] = None
    index: Optional[str] = None
    bound: Optional[str] = None


class DropAt(Kind):
    """where an argument a converted callback only passed on goes from
    (a collateral evolution: the callee, its implementations, its calls)"""
    FUNCTION = "function"       # the definitions and prototypes of NAME
    MEMBER = "member"           # the function-pointer member NAME of STRUCT
    CALL = "call"               # the calls of the function NAME
    MEMBER_CALL = "member-call"  # the calls P->NAME(), P one of VIA


@dataclass
class DropPlan(Entry):
    """parameter INDEX of COUNT goes AT NAME (the first or the last one;
    the only one leaves "(void)"); STRUCT: the member's struct; VIA: the
    pointers to it a member call goes through"""
    at: DropAt
    name: str
    index: int
    count: int
    struct: Optional[str] = None
    via: Optional[list] = None
    hook: Optional[str] = None

    def place(self):
        """which parameter: "only", "first" or "last" """
        return "only" if self.count == 1 else "first" if self.index == 0 else "last"


@dataclass
class Forward:
    """a callback's parameter whose every use is a whole argument of a
    call: WHAT it is, the CALLS [(callee, index, line)], and either the DROPS
    [(file, DropPlan)] that take it from the callees, their
    implementations and their calls (a collateral evolution), or the
    CAUSES why it cannot go"""
    what: str
    calls: list
    drops: list
    causes: list

    def gone(self, cb):
        """what the report says of an argument that goes"""
        where = []
        for f, d in self.drops:
            if d.at == DropAt.MEMBER:
                where.append("struct %s's %s (%s)" % (d.struct, d.name, f))
            elif d.at == DropAt.FUNCTION:
                where.append("%s() (%s)" % (d.name, f))
        calls = sorted(set(f for f, d in self.drops if d.at in (DropAt.CALL, DropAt.MEMBER_CALL)))
        return "the %s %s() passed on to %s goes from %s and from the calls in %s" % (
            self.what, cb, " and ".join("%s()" % c for c, _, _ in self.calls), ", ".join(where),
            ", ".join(calls))

    def text(self):
        return ("passes its %s on to %s and does nothing else with it: a syscore callback has none to "
                "pass, so the argument would go from the callee and from every implementation of it "
                "(a collateral evolution), but %s" % (
                    self.what, " and to ".join("%s() (line %d, argument %d)" % (c, n, k + 1)
                                               for c, k, n in self.calls), "; ".join(self.causes)))


# the record of each entry of a FilePlan: dict entries map a name to one,
# list entries hold them in order
ENTRY_OF = {"callbacks": CallbackPlan, "classes": SourcePlan, "drivers": SourcePlan,
            "devices": GonePlan, "arrays": GonePlan, "ops": OpsPlan, "calls": CallPlan,
            "externs": ExternPlan, "embedded": EmbeddedPlan, "drops": DropPlan}


def entries_to_json(v):
    if isinstance(v, dict):
        return {k: e.to_json() if isinstance(e, Entry) else e for k, e in v.items()}
    if isinstance(v, list):
        return [e.to_json() if isinstance(e, Entry) else e for e in v]
    return v


def entries_from_json(record, v):
    if isinstance(v, dict):
        return {k: record.from_json(e) for k, e in v.items()}
    if isinstance(v, list):
        return [record.from_json(e) for e in v]
    return v


@dataclass
class FilePlan:
    """What the rewrite jobs do in one file:
      callbacks  {F: CallbackPlan}       classes, drivers  {NAME: SourcePlan}
      devices, arrays  {NAME: GonePlan}  embedded  [EmbeddedPlan]
      ops        [OpsPlan]               calls  {"func|fn|args": CallPlan}
      externs    [ExternPlan]            protos  {F: slot}
      vars       [[func, var]]           renames {func: new}
      initcalls  [func]                  keep_sysdev  the file keeps sysdev.h
      drops      [DropPlan]              arguments that go (a collateral evolution)"""
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
    drops: Optional[list] = None

    def to_json(self):
        return {f.name: entries_to_json(getattr(self, f.name)) for f in dc_fields(self)
                if getattr(self, f.name) is not None}

    @classmethod
    def from_json(cls, d):
        return cls(**{k: entries_from_json(ENTRY_OF[k], v) if k in ENTRY_OF else v
                      for k, v in d.items()})

    def changes(self):
        return any(v for v in self.to_json().values())

    def ops_names(self):
        """the ops this file defines, declares or registers"""
        names = {d.ops for kind in (self.classes, self.drivers) for d in kind.values()}
        names |= {o.name for o in self.ops}
        names |= {o for c in self.calls.values() for o in c.ops_names()}
        names |= {e.ops for e in self.externs}
        return names

    def call_fns(self):
        """the functions called at the calls the plan names"""
        return [k.split("|")[1] for k in self.calls]

    def registers_after(self, func, step):
        """an ops is registered in FUNC after the step STEP (step_key)"""
        return any(c.do == CallDo.AFTER_LAST and c.anchor == step and k.split("|")[0] == func
                   for k, c in self.calls.items())


def step_key(fn, args):
    """a step of an init function named by its call: "FN|ARGS" with ARGS
    (SmPL expression lists, or their text) joined without whitespace; the
    facts pass writes it (CallFacts.steps), the class and driver jobs find
    the step by it (CallPlan.anchor)"""
    return "%s|%s" % (fn, ",".join(re.sub(r"\s+", "", str(a)) for a in args))


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
JOB_ENTRIES = {"callbacks": ("callbacks", "protos", "drops"),
               "class": ("classes", "devices", "arrays"),
               "driver": ("drivers",),
               "sites": ("ops", "externs", "vars", "renames", "initcalls", "embedded"),
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
                (job == "sites" and any(len(c.ops_names()) > 1 for c in p.calls.values())):
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
