# SPDX-License-Identifier: GPL-2.0-only
"""syscore_decide.py - stage 2 of the planner: what can be converted.

Sources (classes and drivers with PM callbacks) that share callbacks form
a group, converted whole or not at all.  For each group this stage checks
its callbacks (CallbackFacts, or a Refusal) and decides for each source
what the tree lets it do (ClassDecision, DriverDecision, or Refusals).
A new kind of conversion starts here: a new fact check in
check_callback(), or a new field of a decision that place_group() (stage
3, syscore_place.py) acts on.
"""
import re
from syscore_index import address_of, other_fields, pm_fields
from syscore_model import (CallbackFacts, ClassDecision, Collection, CPU_CLASS, DriverDecision,
                           DropAt, DropPlan, Forward, Pos, Refusal, SLOTS, Source)


def group_sources(idx):
    """[(callbacks ((slot, cb), ...), [Source], [Refusal])] in the order of
    their first source; sources with the same callbacks are one group"""
    groups = {}
    for s in idx.pm_sources():
        k = tuple(sorted((slot, cb, idx.callback_scope(s.file, cb))
                         for slot, cb, _ in pm_fields(idx.struct_of(s))))
        groups.setdefault(k, []).append(s)
    users = {}
    for k in groups:
        for _, cb, scope in k:
            users.setdefault((scope, cb), set()).add(k)
    out = []
    for k, srcs in sorted(groups.items(), key=lambda x: (x[1][0].file, x[1][0].name)):
        why = [Refusal(srcs[0], "callback %s() is shared with another sysdev whose callbacks differ" % cb)
               for _, cb, scope in k if len(users[(scope, cb)]) > 1]
        out.append((tuple((slot, cb) for slot, cb, _ in k), srcs, why))
    return out


def decide_group(idx, cbs, srcs):
    """(callbacks {cb: CallbackFacts}, {Source: decision}, [Refusal])"""
    why = []
    embedded = embedded_objects(idx, srcs)
    cbinfo = {}
    for slot, cb in cbs:
        w = check_callback(idx, slot, cb, srcs[0], embedded)
        if isinstance(w, Refusal):
            why.append(w)
        else:
            cbinfo[cb] = w
    decisions = {}
    for s in srcs:
        d = decide_class(idx, s) if s.kind == "class" else decide_driver(idx, s)
        if isinstance(d, list):
            why.extend(d)
        else:
            decisions[s] = d
    return cbinfo, decisions, why


def embedded_objects(idx, srcs):
    """{(struct type, member): EmbeddedDevice} for the classes of SRCS
    whose one sys_device is embedded in a file-scope object"""
    out = {}
    for s in srcs:
        if s.kind != "class":
            continue
        st, ar, rt, em = idx.class_devices((s.file, s.name))
        if len(em) == 1 and not st and not ar and not rt:
            out[("struct" + em[0].struct, em[0].member)] = em[0]
    return out


# --- callbacks -----------------------------------------------------------------
def check_callback(idx, slot, cb, src, embedded):
    """CallbackFacts of callback CB in SLOT of group source SRC, or a Refusal"""
    defs = idx.funcs.get(cb, [])
    local = [x for x in defs if x[0] == src.file]
    nonstatic = [x for x in defs if not x[1].static]
    if local:
        f, fn = local[0]
    elif len(nonstatic) == 1:
        f, fn = nonstatic[0]
    else:
        return platform_callback(idx, slot, cb, src, defs)
    container, macros = None, []
    cpu = False
    walk = None
    if fn.dev is not None:
        container, macros = container_object(idx, cb, fn, f, embedded)
        if container and container.bound:
            # one object per turn of the init's loop: walk them
            walk, container, macros = pointer_array(idx, cb, f, fn, container), None, []
        elif not container:
            cpu = only_cpu_number(idx, f, cb, src)
            walk = None if cpu else walked_collection(idx, src, cb, f, fn)
    found = bool(container) or cpu or bool(walk)
    cause = instance_cause(idx, src) if fn.dev is not None and not found else None
    dev_fw = forwarded(idx, cb, f, DEV_TYPE) if fn.dev is not None and not found and not cause else None
    state_fw = forwarded(idx, cb, f, PMSG_TYPE) if fn.state is not None and \
        ".event" not in idx.src.statement_at(f, fn.state.line) else None
    gone = [fw for fw in (dev_fw, state_fw) if fw and fw.drops]
    why = definition_problem(idx, src, slot, cb, f, fn, found or bool(dev_fw and dev_fw.drops), cause,
                             state_ok=bool(state_fw and state_fw.drops))
    if why:
        return why
    used = used_outside(idx, src, cb, f, fn.static)
    if used:
        return used
    fold = fn.wraps if fn.wraps and fn.wraps in idx.facts[f].voidfn else None
    rename = boot_cpu_name(cb) if cpu and not fold else None
    if walk and name_taken(idx, f, cb + "_one"):
        return Refusal(src, "callback %s() would become %s_one() on one instance, a name %s already "
                       "has: not guessed" % (cb, cb, f), f, fn.pos)
    if rename and name_taken(idx, f, rename):
        return Refusal(src, "callback %s() runs on the boot CPU only once converted, so it would be "
                       "renamed %s(), a name %s already has: not guessed" % (cb, rename, f), f, fn.pos)
    return CallbackFacts(file=f, slot=slot, static=bool(fn.static), fold=fold, rename=rename, walk=walk,
                         nop=bool(fn.nop) and slot == "suspend",
                         container=container.obj if container else None,
                         pointer=bool(container and container.pointer), macros=macros,
                         protos=[h for h, d in idx.facts.items() if cb in d.protos and h != f],
                         cpu=cpu, forwards=gone)


def walked_collection(idx, src, cb, path, fn):
    """the Collection of class SRC's instances that callback CB (static,
    defined in PATH, as SRC) can walk instead of finding its instance
    from its struct sys_device *, else None.  Its body must act on one
    instance ("T *v = container_of(dev, T, m);" first, one "return 0;"
    last) and the class's sys_devices must be the collection's"""
    if src.kind != "class" or not fn.static or path != src.file:
        return None
    static, arrays, runtime, embedded = idx.class_devices((src.file, src.name))
    setups = set()
    for rf, a in runtime:
        m = re.match(r"^(\w+)->(\w+)$", a.dev)
        if rf != path or not m or not a.pos.func:
            return None
        setups.add((a.pos.func, m.group(1), m.group(2)))
    if static or arrays or embedded or len(setups) != 1:
        return None
    func, ptr, member = setups.pop()
    param = idx.src.sysdev_param(path, cb)
    one = idx.src.one_instance_body(path, cb, param, member) if param else None
    if not one or idx.src.sysdev_param_elsewhere(path, cb, []):
        return None
    walk = instance_array(idx, path, func, ptr, member) or \
        array_by_calls(idx, path, func, ptr, member, one[0])
    if walk:
        return walk if walk.struct == one[0] else None
    return instance_list(idx, path, func, ptr, member, one[0]) or \
        instance_chain(idx, path, func, ptr, member, one[0])


def array_by_calls(idx, path, func, ptr, member, ctype):
    """the Collection "array" when FUNC, whose parameter PTR (CTYPE *)
    holds the sys_device PTR->MEMBER, is called only as FUNC(&A[i], ...)
    in one loop "for (i = 0; i < N; i++)" of one caller, A a file-scope
    static array of CTYPE and N a name the callbacks can read: the
    elements 0 .. N - 1 are the class's objects (the set-up function and
    its registrations stay)"""
    if not idx.src.is_parameter(path, func, ptr):
        return None
    calls = idx.src.calls_of_function(path, func)
    if len(calls) != 1 or calls[0][0] is None:
        return None
    caller, arg = calls[0]
    m = re.match(r"^&(\w+)\[(\w+)\]$", arg)
    loop = idx.src.index_loop(path, caller, m.group(2)) if m else None
    if not loop or idx.src.static_array_of(path, m.group(1)) != ctype or \
            ("%s(%s" % (func, arg)) not in re.sub(r"\s+", "", loop[1]):
        return None
    if not readable_bound(idx, path, loop[0], m.group(1)):
        return None
    return Collection(path, "array", ctype, member, m.group(1), bound=loop[0], index=m.group(2), adder=caller)


def instance_array(idx, path, func, ptr, member):
    """the Collection "array" when the sys_devices PTR->MEMBER are set up
    and registered by FUNC's one loop "for (i = 0; i < N; i++)" with PTR
    = &A[i], A a file-scope static array, and N a name the callbacks can
    read too (a macro, a file-scope variable), or with PTR = A stepped
    with i ("for (i = 0; i < N; i++, PTR++)"): the loop does nothing
    else, so it can go.  Else None"""
    walk = array_or_cause(idx, path, func, ptr, member)
    return walk if isinstance(walk, Collection) else None


def array_or_cause(idx, path, func, ptr, member):
    """instance_array()'s Collection, or why there is none (a phrase,
    None when PTR is not an element of an array)"""
    value = idx.src.value_in(path, func, ptr) or ""
    m = re.match(r"^&(\w+)\[(\w+)\]$", value)
    first = re.match(r"^(\w+)$|^&(\w+)\[0\]$", value)
    if m:
        arr, index = m.groups()
        loop = idx.src.index_loop(path, func, index)
        if not loop:
            return "the loop is not the one \"for (%s = 0; %s < N; %s++)\" of %s()" % (index, index, index, func)
    elif first:
        # the pointer starts at the array's first element and steps with
        # the loop's index
        arr = first.group(1) or first.group(2)
        walk = idx.src.pointer_loop(path, func, ptr)
        if not walk:
            return None
        index, loop = walk[0], walk[1:]
    else:
        return None
    ctype = idx.src.static_array_of(path, arr)
    if not ctype:
        return "%s[] is not a file-scope static array of structs" % arr
    if not idx.src.only_setup(loop[1], ptr, member, value):
        return "the loop does more than set up and register %s->%s" % (ptr, member)
    if not readable_bound(idx, path, loop[0], arr):
        return "its bound %s is not a macro or a file-scope variable the callbacks could read" % loop[0]
    return Collection(path, "array", ctype, member, arr, bound=loop[0], index=index, adder=func, ptr=ptr)


def readable_bound(idx, path, bound, arr):
    """BOUND, a loop's over array ARR in PATH, is as readable by the
    callbacks as by the init: ARRAY_SIZE(ARR), a macro or a file-scope
    variable"""
    size = re.match(r"^ARRAY_SIZE\s*\(\s*(\w+)\s*\)$", bound)
    return bool(size and size.group(1) == arr) or idx.src.file_scope_name(path, bound)


def array_walked(idx, rf, a):
    """the Collection "array" of run-time sys_device set-up A (in file
    RF), else None"""
    m = re.match(r"^(\w+)->(\w+)$", a.dev)
    return instance_array(idx, rf, a.pos.func, m.group(1), m.group(2)) if m and a.pos.func else None


def pointer_array(idx, cb, path, fn, e):
    """the Collection "ptrarray" of the objects the init's loop allocates
    (EmbeddedDevice E with a BOUND), when callback CB's body acts on one
    (static, container_of() first, one "return 0;" last), else None"""
    param = idx.src.sysdev_param(path, cb)
    one = idx.src.one_instance_body(path, cb, param, e.member) if param and fn.static else None
    if not one or one[0] != "struct " + e.struct:
        return None
    return Collection(path, "ptrarray", one[0], e.member, e.obj, bound=e.bound, index=e.index, adder=e.func)


def instance_list(idx, path, func, ptr, member, ctype):
    """the Collection "list" when the sys_devices PTR->MEMBER (CTYPE *PTR)
    set up by FUNC are the entries of a file-scope list: the function
    that adds an instance to it registers the instance first (it is
    FUNC, or it passes the instance to FUNC before adding it)"""
    if not idx.src.declares(path, func, ctype, ptr):
        return None
    for head in [a or b for a, b in idx.src.file_lists(path)]:
        for adder, v, link, at in idx.src.list_adders(path, head):
            if adder == func and v == ptr:
                first = idx.src.calls_with(path, func, "sysdev_register", "&%s->%s" % (ptr, member))
            else:
                first = idx.src.calls_with(path, adder, func, v)
            if not first or min(first) > at or not idx.src.declares(path, adder, ctype, v):
                continue
            walkers = idx.src.list_walkers(path, head, link)
            locks = set(lock for _, lock in walkers if lock)
            return Collection(path, "list", ctype, member, head, link=link,
                              newest_first=re.match(r"list_add\s*\(", idx.src.text(path)[at:]) is not None,
                              lock=locks.pop() if len(locks) == 1 else None,
                              walkers=tuple(sorted(set(w for w, lock in walkers if lock))), adder=adder)
    return None


def instance_chain(idx, path, func, ptr, member, ctype):
    """the Collection "chain" when the sys_devices PTR->MEMBER (CTYPE *PTR)
    set up by FUNC are the objects of a file-scope chain "CTYPE *H" that
    an adder pushes them on ("v->next = H; H = v;", H set nowhere else),
    after it registered them (it is FUNC, or it passes them to FUNC
    first).  A chain has one order: the last pushed first"""
    if not idx.src.declares(path, func, ctype, ptr):
        return None
    for head in idx.src.file_chains(path, ctype):
        for adder, v, link, at in idx.src.chain_adders(path, head):
            if adder == func and v == ptr:
                first = idx.src.calls_with(path, func, "sysdev_register", "&%s->%s" % (ptr, member))
            else:
                first = idx.src.calls_with(path, adder, func, v)
            if first and min(first) < at and idx.src.declares(path, adder, ctype, v):
                return Collection(path, "chain", ctype, member, head, link=link, newest_first=True,
                                  adder=adder)
    return None


def only_cpu_number(idx, path, cb, src):
    """callback CB (defined in PATH) uses its struct sys_device * only as
    dev->id, and SRC is a driver registered on cpu_sysdev_class only: the
    id is the CPU's number, and a syscore callback runs on the boot CPU"""
    uses = idx.src.sysdev_param_uses(path, cb)
    if src.kind != "driver" or not uses or any(u != "->id" for u in uses):
        return False
    regs = idx.driver_registrations(src.name)
    return bool(regs) and all(address_of(rc.args[0]) == CPU_CLASS for _, rc in regs)


def boot_cpu_name(cb):
    """the name of callback CB once it runs on the boot CPU only (upstream's
    "bp", boot processor): its word "sysdev" becomes "bp", else "bp" goes
    before its last word (mc_sysdev_resume -> mc_bp_resume, cpufreq_suspend
    -> cpufreq_bp_suspend)"""
    words = cb.split("_")
    if "sysdev" in words:
        return "_".join("bp" if w == "sysdev" else w for w in words)
    return "_".join(words[:-1] + ["bp", words[-1]])


def name_taken(idx, path, name):
    """NAME is already a word of PATH's text (a function, a variable, a
    macro...) or a non-static callback anywhere in the run"""
    return re.search(r"\b%s\b" % re.escape(name), idx.src.text(path)) is not None or \
        any(not fn.static for _, fn in idx.funcs.get(name, []))


def definition_problem(idx, src, slot, cb, path, fn, dev_ok=False, cause=None, state_ok=False):
    """a Refusal when the definition FN (in file PATH) of callback CB
    cannot lose its arguments (DEV_OK: its uses of the struct sys_device *
    have a replacement; CAUSE: why the instance cannot be found without
    it; STATE_OK: its pm_message_t goes from where it passed it on), else
    None"""
    want = "suspend" if slot == "suspend" else "resume"
    if fn.sig != want:
        return Refusal(src, "callback %s() does not have the sysdev %s signature" % (cb, slot), path, fn.pos)
    if fn.pmsg_on is not None:
        G, pos = fn.pmsg_on
        return Refusal(src, "%s() is \"return %s(dev, PMSG_ON)\"%s: what the syscore resume should "
                       "do is a person's decision, not guessed" % (cb, G, event_test_of(idx, path, G)),
                       path, pos)
    if fn.dev is not None and not dev_ok:
        if cause:
            return Refusal(src, "callback %s() uses its struct sys_device * argument to find its instance, "
                           "and %s: not guessed" % (cb, cause), path, fn.dev)
        fwd = forwarded(idx, cb, path, DEV_TYPE)
        if fwd:
            return Refusal(src, "callback %s() %s: not guessed" % (cb, fwd.text()), path, fn.dev)
        return Refusal(src, "callback %s() uses its struct sys_device * argument (to find its instance?): not guessed" % cb, path, fn.dev)
    if fn.state is not None and not state_ok:
        return state_refusal(idx, src, cb, path, fn.state)
    return None


def state_refusal(idx, src, cb, path, pos):
    """the Refusal of callback CB, whose first use of its pm_message_t is
    at POS: an event test is quoted, as what a person has to decide"""
    code = idx.src.statement_at(path, pos.line)
    if ".event" in code:
        return Refusal(src, "callback %s() tests the event it is called for (line %d: \"%s\"); a "
                       "syscore callback has no event, so which events it acts on is a person's "
                       "decision, not guessed" % (cb, pos.line, code), path, pos)
    fwd = forwarded(idx, cb, path, PMSG_TYPE)
    if fwd:
        return Refusal(src, "callback %s() %s: not guessed" % (cb, fwd.text()), path, pos)
    return Refusal(src, "callback %s() depends on its pm_message_t argument (line %d: \"%s\"): not "
                   "guessed" % (cb, pos.line, code), path, pos)


# a callback's parameters, as param_named() finds them
DEV_TYPE = r"struct\s+sys_device\s*\*"
PMSG_TYPE = r"pm_message_t"


def forwarded(idx, cb, path, ctype):
    """the Forward of callback CB's parameter of type CTYPE (a regex) when
    every use of it is a whole argument of a call, else None (once per
    callback and type: the check and the refusal both ask)"""
    key = (cb, path, ctype)
    if key not in idx.forwards:
        idx.forwards[key] = forward_of(idx, cb, path, ctype)
    return idx.forwards[key]


def forward_of(idx, cb, path, ctype):
    """forwarded(), computed"""
    param = idx.src.param_named(path, cb, ctype)
    uses = idx.src.passed_on(path, cb, param) if param else None
    if not uses:
        return None
    fw = Forward("pm_message_t" if "pm_message_t" in ctype else "struct sys_device *", uses, [], [])
    for callee, k, line in uses:
        m = re.match(r"^(\w+)->(\w+)$", callee)
        if m:
            drop_from_hook(idx, path, m.group(1), m.group(2), k, fw)
        elif re.match(r"^\w+$", callee):
            drop_from_helper(idx, path, callee, k, fw)
        else:
            fw.causes.append("%s() is called through an expression" % callee)
    if fw.causes:
        fw.drops = []
    return fw


def first_or_last(what, params, k, fw):
    """the DropPlan count of WHAT's PARAMS when argument K can go (the
    first or the last), else None with the cause in FW"""
    if params is None:
        fw.causes.append("the parameters of %s are not known" % what)
        return None
    if 0 < k < len(params) - 1:
        fw.causes.append("it is argument %d of %d of %s, in the middle" % (k + 1, len(params), what))
        return None
    return len(params)


def drop_from_helper(idx, path, F, k, fw):
    """argument K of function F, which callback's file PATH calls: F must
    be static in PATH, only called, and never read it"""
    defs = [f for f in sorted(idx.facts) if idx.src.function_line(f, F)]
    if defs != [path]:
        fw.causes.append("%s() is not defined in %s alone" % (F, path) if defs else
                         "%s() is not defined in the files scanned" % F)
        return
    n = idx.src.reads_param(path, F, k)
    if n:
        fw.causes.append("%s() reads it (line %d)" % (F, n))
    elif not idx.src.is_static(path, F):
        fw.causes.append("%s() is not static: its callers elsewhere are not followed" % F)
    elif not idx.src.only_called(path, F):
        fw.causes.append("%s()'s address is taken in %s" % (F, path))
    else:
        count = first_or_last("%s()" % F, idx.src.parameters(path, F), k, fw)
        if count:
            fw.drops += [(path, DropPlan(DropAt.FUNCTION, F, k, count)),
                         (path, DropPlan(DropAt.CALL, F, k, count))]


def drop_from_hook(idx, path, P, m, k, fw):
    """argument K of the hook P->M (P a struct S * of PATH): the member's
    type, every implementation of it and every call through it change,
    in the files of the run that name struct S, which must be all the
    files of the tree that do"""
    S = idx.src.pointer_struct(path, P)
    if not S:
        fw.causes.append("the struct %s points to is not known" % P)
        return
    naming = idx.files_naming("struct", S)
    outside = sorted(set(naming) - set(idx.runfiles))
    if outside:
        idx.wanted.update(outside)
        fw.causes.append("struct %s is also named in %s, not among the files of the run" % (
            S, ", ".join(outside[:3]) + (" and %d more" % (len(outside) - 3) if len(outside) > 3 else "")))
        return
    params = {f: idx.src.member_parameters(f, S, m) for f in naming}
    headers = [f for f in naming if params[f] is not None]
    if len(headers) != 1:
        fw.causes.append("struct %s's member %s is defined in %d files of the run" % (S, m, len(headers)))
        return
    count = first_or_last("struct %s's %s" % (S, m), params[headers[0]], k, fw)
    if not count:
        return
    drops = [(headers[0], DropPlan(DropAt.MEMBER, m, k, count, struct=S, hook="%s.%s" % (S, m)))]
    for f in naming:
        drops += hook_file_drops(idx, f, S, m, k, count, fw)
    if not fw.causes:
        fw.drops += drops


def hook_file_drops(idx, f, S, m, k, count, fw):
    """the DropPlans of file F for argument K of struct S's hook M: its
    implementations and its calls; a cause in FW for what cannot change"""
    out = []
    line = idx.src.member_set(f, m)
    if line:
        fw.causes.append("%s sets a %s hook at run time (line %d)" % (f, m, line))
    line = idx.src.unread_instances(f, S)
    if line:
        fw.causes.append("%s has struct %s objects in an array or a literal (line %d)" % (f, S, line))
    for F, _ in idx.src.hook_setters(f, S, m):
        n = idx.src.reads_param(f, F, k)
        if n is None:
            fw.causes.append("%s() (set in %s) is not defined there" % (F, f))
        elif n:
            fw.causes.append("%s() (%s) reads it (line %d)" % (F, f, n))
        elif not idx.src.is_static(f, F):
            fw.causes.append("%s() (%s) is not static: its other users are not followed" % (F, f))
        else:
            # static: any direct call of it is in this file too
            out += [(f, DropPlan(at, F, k, count, hook="%s.%s" % (S, m)))
                    for at in [DropAt.FUNCTION] + ([DropAt.CALL] if idx.src.calls_in_bodies(f, F) else [])]
    via = set()
    for X, line in idx.src.member_calls(f, m):
        kinds = idx.src.struct_pointers(f, X) if X else set()
        if S in kinds:
            via.add(X)
        elif not kinds:
            fw.causes.append("%s calls ->%s() through %s (line %d), whose struct is not known" % (
                f, m, X or "an expression", line))
    if via:
        out.append((f, DropPlan(DropAt.MEMBER_CALL, m, k, count, struct=S, via=sorted(via),
                                hook="%s.%s" % (S, m))))
    return out


def event_test_of(idx, path, G):
    """ ", and G() tests the event (line N: "...")" when G, defined in
    PATH, tests its pm_message_t's event, else "" """
    fn = dict(idx.funcs.get(G, [])).get(path)
    if fn is None or fn.state is None:
        return ""
    code = idx.src.statement_at(path, fn.state.line)
    if ".event" not in code:
        return ""
    return ", and %s() tests the event (line %d: \"%s\")" % (G, fn.state.line, code)


def instance_cause(idx, src):
    """why the sys_device of class SRC cannot stand for one object the
    callbacks could use instead (several, in a loop, set up at run time,
    a pointer that changes or is a local), else None"""
    if src.kind != "class":
        return None
    static, arrays, runtime, embedded = idx.class_devices((src.file, src.name))
    names = [D for _, D in static] + \
        [e.expr() for e in embedded] + \
        ["%s[]" % A for _, A in arrays]
    if len(names) + len(runtime) > 1 and not runtime:
        return "the class has %d sys_devices (%s)" % (len(names), ", ".join(names))
    if len(names) == 1 and embedded and not runtime:
        e = embedded[0]
        if e.bound:
            return ("its sys_devices are %s, one per turn of %s()'s loop, but the callback does not only "
                    "act on the object container_of() finds (container_of() first, one \"return 0;\" "
                    "last, no other use of its argument)" % (names[0], e.func))
        return "its one sys_device is %s, but the callback uses its argument for more than container_of()" % (
            names[0])
    if len(runtime) != 1 or names:
        return None
    rf, a = runtime[0]
    func = a.pos.func
    regs = [c for f, c in idx.calls_of("sysdev_register", lambda f, c: f == rf and
                                       c.args[0].replace(" ", "") in ("&" + a.dev, a.dev))]
    m = re.match(r"^(\w+)->\w+$", a.dev)
    ptr = m.group(1) if m else None
    if any("inloop" in c.forms for c in regs):
        return in_loop_cause(idx, rf, func, ptr, a.dev, idx.hoist_or_cause(rf, a, src.name))
    if not ptr:
        return "its sys_device %s is set up at run time, in %s()" % (a.dev, func)
    if idx.src.is_parameter(rf, func, ptr):
        calls = idx.src.calls_of_function(rf, func)
        how = " (%d call%s in the file: neither one F(&A[i]) in a loop over a static array, nor one " \
            "followed by adding the object to a file-scope list)" % (len(calls), "" if len(calls) == 1 else "s")
        return "its sys_devices are %s, %s a parameter of %s(): one per call, set up at run time%s" % (
            a.dev, ptr, func, how if all(c for c, _ in calls) else "")
    chain = idx.src.chain_set_elsewhere(rf, func, ptr)
    if chain:
        head, line = chain
        return ("its sys_devices are %s, each pushed by %s() on the chain %s, which the file also "
                "sets elsewhere (line %d): the chain may not hold every registered one" % (
                    a.dev, func, head, line))
    if not idx.src.file_scope_pointer(rf, ptr):
        why = idx.hoist_or_cause(rf, a, src.name)
        return "its one sys_device is %s, %s a local of %s()%s" % (
            a.dev, ptr, func, ", and " + why if isinstance(why, str) else "")
    setters = [g for g in idx.src.assigning_functions(rf, ptr) if not idx.src.is_init(rf, g)]
    if setters:
        return "its one sys_device is %s, which %s() change%s" % (
            a.dev, "(), ".join(setters), "" if len(setters) > 1 else "s")
    if not idx.src.assigning_functions(rf, ptr):
        return "its one sys_device is %s, and no function of the file sets the file-scope pointer %s" % (
            a.dev, ptr)
    return "its one sys_device is %s, and %s is not declared \"struct S *%s\" at file scope" % (
        a.dev, ptr, ptr)


def in_loop_cause(idx, path, func, ptr, dev, hoist=None):
    """why sys_devices DEV registered in a loop in FUNC (through pointer
    PTR) are not an array the callbacks could walk (HOIST: why the
    objects the loop allocates cannot be kept in a file-scope array)"""
    value = idx.src.value_in(path, func, ptr) if ptr else None
    m = re.match(r"^&(\w+)\[(.+)\]$", value or "")
    first = re.match(r"^(\w+)$", value or "")
    if first and idx.src.static_array_of(path, first.group(1)):
        # a pointer to the array's first element: stepped with the index?
        why = array_or_cause(idx, path, func, ptr, re.sub(r"^\w+->", "", dev))
        return ("its sys_devices are the elements of %s[], registered in a loop in %s() through %s, "
                "but %s, so the callbacks cannot walk the array instead" % (
                    first.group(1), func, ptr, why if isinstance(why, str) else
                    "the loop is not \"for (i = 0; i < N; i++, %s++)\"" % ptr))
    if not m:
        return "its sys_devices are registered in a loop in %s(), not from a static array%s" % (
            func, ", and " + hoist if isinstance(hoist, str) else "")
    arr, index = m.groups()
    if re.match(r"^\w+$", index):
        why = array_or_cause(idx, path, func, ptr, re.sub(r"^\w+->", "", dev))
        return ("its sys_devices are the elements of %s[], registered in a loop in %s(), but %s, so "
                "the callbacks cannot walk the array instead" % (
                    arr, func, why if isinstance(why, str) else "its callbacks do not act on one element"))
    via = re.match(r"^(\w+)\[", index)
    return "its sys_devices are registered in a loop in %s()%s, not in the order of %s[]" % (
        func, " through %s[]" % via.group(1) if via else "", arr)


def container_object(idx, cb, fn, path, embedded):
    """(EmbeddedDevice, [macro]): the one sys_device of the class that
    container_of(dev, T, m) (or a macro of the file that expands to it,
    listed) finds in the facts FN of callback CB of file PATH, when CB
    uses dev for nothing else; else (None, [])"""
    conts = {tuple(k): (T, m) for k, T, m in fn.cont}
    macros = set()
    for k, M in fn.macros:
        expands_to = idx.src.container_macro(path, M)
        if expands_to:
            conts[tuple(k)] = expands_to
            macros.add(M)

    def in_container(k):
        # the use is container_of()'s first argument, or its member
        # argument when the member has the parameter's name (dev, dev)
        return k in conts or any(c[0] == k[0] and c[1] < k[1] for c in conts)
    objs = set(embedded.get(conts[k]) for k in conts)
    if all(in_container(tuple(k)) for k in fn.devs) and len(objs) == 1 and None not in objs \
            and list(objs)[0].file == path and not idx.src.sysdev_param_elsewhere(path, cb, sorted(macros)):
        return list(objs)[0], sorted(macros)
    return None, []


def platform_callback(idx, slot, cb, src, defs):
    """a callback defined in no file of the run, or in several: a
    platform's callback when one header declares it"""
    want = "suspend" if slot == "suspend" else "resume"
    where = sorted(h for h, d in idx.facts.items() if cb in d.protos)
    if len(where) == 1 and where[0].endswith(".h") and not defs:
        # its definition is not in the run; the prototype tells its signature
        proto = idx.facts[where[0]].protos[cb]
        if proto.sig != want:
            return Refusal(src, "callback %s() is not declared with the sysdev %s signature" % (cb, slot),
                           where[0], proto)
        used = used_outside(idx, src, cb, None, False)
        if used:
            return used
        return CallbackFacts(file=None, slot=slot, static=False, fold=None, nop=False,
                             container=None, protos=where)
    files = sorted(set(f for f, _ in defs))
    headers = [h for h in where if h.endswith(".h")]
    if len(headers) == 1 and len(files) == len(defs) > 1 and not any(fn.static for _, fn in defs):
        return per_platform_callback(idx, slot, cb, src, where, sorted(defs, key=lambda x: x[0]))
    if defs:
        what = "static in" if all(fn.static for _, fn in defs) else "in"
        declared = "declared in %s, " % ", ".join(where) if where else ""
        return Refusal(src, "callback %s() is %sdefined %s %d files: %s (which one is meant?)" % (
            cb, declared, what, len(files), ", ".join(files)))
    unparsed = unparsed_definition(idx, src, cb)
    if unparsed:
        return unparsed
    if where:
        return Refusal(src, "callback %s() is declared in %s but defined in none of the files scanned" % (cb, where[0]))
    return Refusal(src, "callback %s() is not defined in the files scanned" % cb)


def unparsed_definition(idx, src, cb):
    """a Refusal when the file of SRC defines CB in code spatch cannot
    parse (the facts then lack it), else None"""
    line = idx.src.function_line(src.file, cb)
    bad = idx.src.parse_error(src.file) if line else None
    if bad is None:
        return None
    return Refusal(src, "callback %s() (line %d) was not read: spatch cannot parse %s (parse error "
                   "at line %d, see spatch --parse-c %s)" % (cb, line, src.file, bad, src.file),
                   src.file, Pos(line, 0, line, 0))


def per_platform_callback(idx, slot, cb, src, where, defs):
    """CallbackFacts of a callback one header declares and each platform
    defines (DEFS: [(file, facts)]), when every definition can lose its
    arguments; else a Refusal naming the definitions that disagree"""
    problems = [(f, definition_problem(idx, src, slot, cb, f, fn)) for f, fn in defs]
    bad = [(f, w) for f, w in problems if w]
    if bad and len(bad) < len(defs) and all("sys_device" in w.reason for _, w in bad):
        good = [f for f, w in problems if not w]
        return Refusal(src, "callback %s() is defined in %d files that disagree: %s %s not use its "
                       "struct sys_device *, %s: not guessed" % (
                           cb, len(defs), ", ".join(good), "does" if len(good) == 1 else "do",
                           ", ".join("%s does (line %d)" % (f, w.pos.line) for f, w in bad)))
    if bad:
        return bad[0][1]
    used = used_outside(idx, src, cb, None, False)
    if used:
        return used
    return CallbackFacts(file=None, slot=slot, static=False, fold=None, nop=False, container=None,
                         protos=[h for h in where if h not in dict(defs)],
                         defs=[f for f, _ in defs])


def used_outside(idx, src, cb, path, static):
    """a Refusal when callback CB (of file PATH) is referred to outside a
    sysdev struct: its signature is about to change"""
    for f, d in idx.facts.items():
        if static and f != path:
            continue
        for F, pos in d.refs:
            if F == cb:
                return Refusal(src, "callback %s() is also used outside its sysdev (its signature would change)" % cb, f, pos)
    return None


# --- sources -------------------------------------------------------------------
def class_stays(idx, ck, struct, drivers, runtime):
    """why class CK stays (its sysfs, drivers, users): [reason]"""
    C = ck[1]
    stay = []
    if other_fields(struct):
        stay.append("its %s" % ", ".join("." + x for x in other_fields(struct)))
    if idx.calls_of("sysdev_class_create_file", lambda f, c: address_of(c.args[0]) == C and
                    idx.resolve_cls(C, f) == ck):
        stay.append("sysfs files")
    if drivers:
        stay.append("drivers on it")
    if runtime:
        stay.append("sys_devices set up at run time")
    if idx.refs_anywhere(C, ck[0], struct.static):
        stay.append("other users")
    return stay


def devices_with_users(idx, static):
    """the static devices that have sysfs files or other users"""
    out = []
    for dk in static:
        if idx.calls_of("sysdev_create_file", lambda f, c, dk=dk: address_of(c.args[0]) == dk[1] and
                        idx.resolve_dev(dk[1], f) == dk):
            out.append(dk)
        elif idx.refs_anywhere(dk[1], dk[0], True):
            out.append(dk)
    return out


def device_sites(idx, fn, static, arrays, embedded):
    """[(kind, key, file, call)]: the calls of FN on the class's devices"""
    sites = []
    for dk in static:
        for rf, rc in idx.calls_on(fn, 0, dk[1], dk, idx.resolve_dev):
            sites.append(("dev", dk, rf, rc))
    if fn == "sysdev_register":
        for ak in arrays:
            for rf, rc in idx.calls_of(fn, lambda f, c, ak=ak: f == ak[0] and
                                       re.match(r"^&%s\[\w+\]$" % re.escape(ak[1]), c.args[0])):
                sites.append(("array", ak, rf, rc))
    for ek in embedded:
        arg = "&" + ek.expr()
        for rf, rc in idx.calls_of(fn, lambda f, c, ek=ek, arg=arg: f == ek.file and
                                   c.args[0].replace(" ", "") == arg):
            sites.append(("emb", ek, rf, rc))
    return sites


def walk_sites(idx, walked):
    """[("walk", Collection, file, call)]: the registrations, in the loops
    that go, of the WALKED run-time sys_devices [(file, set-up)]"""
    out = []
    for rf, a in walked:
        arg = "&" + a.dev
        for f, c in idx.calls_of("sysdev_register", lambda f, c: f == rf and c.pos.func == a.pos.func and
                                 c.args[0].replace(" ", "") == arg):
            out.append(("walk", array_walked(idx, rf, a), f, c))
    return out


def decide_class(idx, s):
    ck = (s.file, s.name)
    struct = idx.classes[ck]
    static, arrays, runtime, embedded = idx.class_devices(ck)
    walked = [(rf, a) for rf, a in runtime if array_walked(idx, rf, a)]
    stay = class_stays(idx, ck, struct, idx.drivers_on(ck), [x for x in runtime if x not in walked])
    if not stay and walked:
        # the loop that registers the array's elements goes: the
        # callbacks walk the array
        runtime = [x for x in runtime if x not in walked]
    else:
        walked = []
    devstay = devices_with_users(idx, static)
    if devstay:
        stay.append("sys_devices with other users")
    for ak in arrays:
        if len(set(c for _, c in idx.arrays[ak].cls)) != len(idx.arrays[ak].cls):
            stay.append("several devices in one array")
    return ClassDecision(
        source=s, stay=stay, static=static, arrays=arrays, runtime=runtime, embedded=embedded,
        creg=idx.calls_on("sysdev_class_register", 0, s.name, ck, idx.resolve_cls),
        cunreg=idx.calls_on("sysdev_class_unregister", 0, s.name, ck, idx.resolve_cls),
        sites=device_sites(idx, "sysdev_register", static, arrays, embedded) + walk_sites(idx, walked),
        unsites=device_sites(idx, "sysdev_unregister", static, arrays, embedded),
        devstay=devstay)


def decide_driver(idx, s):
    struct = idx.drivers[(s.file, s.name)]

    def mine(fn):
        return [(f, c) for f, c in idx.calls_of(fn, lambda f, c: len(c.args) == 2 and
                                                address_of(c.args[1]) == s.name and
                                                (f == s.file or not struct.static))]
    regs, unregs = mine("sysdev_driver_register"), mine("sysdev_driver_unregister")
    if not regs:
        return [Refusal(s, "not registered with sysdev_driver_register() in the files scanned")]
    classes = []
    for rf, rc in regs:
        C = address_of(rc.args[0])
        if C is None:
            return [Refusal(s, "registered on a class given as %s" % rc.args[0], rf, rc.pos)]
        classes.append((C, rf, rc))
    add = [fld for _, fld, _, _ in struct.fields if fld in ("add", "remove")]
    others = [fld for _, fld, _, _ in struct.fields if fld not in SLOTS + ("add", "remove")]
    return DriverDecision(source=s, add=add, others=others, regs=regs, unregs=unregs,
                          classes=classes,
                          stay=bool(add or others or idx.refs_anywhere(s.name, s.file, struct.static)))


def class_goes(idx, ck):
    """class CK (file, name) has PM callbacks and goes whole"""
    if not pm_fields(idx.classes[ck]):
        return False
    d = decide_class(idx, Source("class", ck[0], ck[1]))
    return not d.stay and not d.devstay
