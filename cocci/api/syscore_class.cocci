// SPDX-License-Identifier: GPL-2.0-only
/// sysdev -> syscore_ops, job 3 of 6: sysdev classes and their sys_devices.
/// Run by sysdev_to_syscore_ops.cocci (its syscore.sh); run alone, as make
/// coccicheck runs every file under scripts/coccinelle, it prints nothing.
//#
//# Follows the plan of sysdev_to_syscore_ops.cocci (-D plan=FILE); run by
//# syscore.sh (-D syscore_job).
//#  - a class converted in place becomes "struct syscore_ops <ops>" without
//#    its .name; a class that stays loses its .suspend/.resume/.shutdown; a
//#    class whose callbacks went to an ops defined elsewhere goes;
//#  - the sys_devices (and arrays of them) of a converted class go; one
//#    embedded in a file-scope object (or in the object of a file-scope
//#    pointer only __init code sets) loses its set-up ("obj.dev.cls =
//#    &c;", "ptr->dev.cls = &c;") and, once nothing else uses it, its
//#    member, and a macro that stood for container_of() in the
//#    callbacks ("#define to_x(d) container_of(d, ...)") once unused;
//#  - sysdev_class_register(), sysdev_register() and their unregister
//#    counterparts, one call at a time, as the plan says:
//#      remove      the call goes; "ret = call;" becomes "ret = 0;",
//#                  "return call;" becomes "return 0;", a chained
//#                  "if (!ret) ret = call;" goes
//#      replace     the call becomes register_syscore_ops(&ops)
//#                  ("return call;": register, then "return 0;"; a loop
//#                  over an array of sys_devices: one registration)
//#      before      register_syscore_ops(&ops) before the statement
//#      after       register_syscore_ops(&ops) after the statement (and
//#                  after the "if (ret) ..." check that follows it; when
//#                  nothing checks ret, under "if (!ret)")
//#      after-last  register_syscore_ops(&ops) after the last later step
//#                  of the function whose failure ends it on every path
//#                  ("ret = f(); if (ret...) return/goto", or a loop
//#                  holding one): the plan names its call
//#      replace-un  the call becomes unregister_syscore_ops(&ops)
//#      before-un   unregister_syscore_ops(&ops) before the statement
//#    A "ret = 0;" left behind, the checks of ret that follow it and ret
//#    itself are tidied up by syscore_sites.cocci.
//#
//# Alone (without -D syscore_job) its one rule is a gate whose token no
//# file holds: spatch parses no file.
// Confidence: High
// Copyright: (C) 2026 syscore-series.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual syscore_job

@gate depends on !syscore_job@
position p;
@@
syscore_job_gate_no_file_calls_this@p();

@script:python depends on gate@
p << gate.p;
@@
pass

@initialize:python@
@@
import os, re, sys
# the plan's records (syscore_model.py) are beside this file
sys.path.insert(0, os.path.dirname(os.path.abspath(cocci.cocci_file)))
import syscore_model
PLAN = syscore_model.JobPlan()
# members that hold an embedded sys_device, all files, and the
# file-scope pointers to the objects that embed one
MEMBERS = set()
POINTERS = set()
# the macros that stood for container_of() in the callbacks
MACROS = set()

def real(p):
	"""the file of the plan P is in (spatch may give a copy's name)"""
	return PLAN.file_of(p)

def fplan(p):
	return PLAN.of(p)

def obj(p, kind, name, what):
	d = getattr(fplan(p), kind).get(name)
	return d is not None and d.do == what

def ops_of(p, kind, name):
	return getattr(fplan(p), kind)[name].ops

def callkey(p, fn, args):
	args = [re.sub(r"\s+", "", str(a)) for a in args]
	return "%s|%s|%s" % (p[0].current_element, fn, ",".join(args))

def call(p, fn, args, what):
	d = fplan(p).calls.get(callkey(p, fn, args))
	return d is not None and d.do == what

def embedded(p, what, name):
	return any(getattr(e, what) == name for e in fplan(p).embedded or [])

def any_member(m):
	return m in MEMBERS

def last_step(p2, G, args2):
	"""G(ARGS2) at P2 is the step the plan registers an ops after, in
	this function (a constraint sees only its rule's own metavariables
	bound before it: the call is fixed by the rule's inherited position)"""
	return fplan(p2).registers_after(p2[0].current_element, syscore_model.step_key(G, args2))

def first_op(p, fn, args):
	return fplan(p).calls[callkey(p, fn, args)].ops_names()[0]

@script:python depends on syscore_job@
f << virtual.plan;
@@
if not PLAN.files:
	PLAN.load(f)
	for d in PLAN.files.values():
		MEMBERS.update(e.member for e in d.embedded or [])
		POINTERS.update(e.local or e.obj for e in d.embedded or [] if e.pointer)
		for c in d.callbacks.values():
			MACROS.update(c.macros or [])

//----------------------------------------------------------------------
// The class
//----------------------------------------------------------------------

@inplace depends on syscore_job@
identifier C;
position p : script:python(C) { obj(p, "classes", C, "inplace") };
fresh identifier O = script:python(p, C) { ops_of(p, "classes", C) };
@@
- struct sysdev_class C@p
+ struct syscore_ops O
  = { ... };

@depends on syscore_job && (inplace)@
identifier inplace.O;
expression N;
@@
 struct syscore_ops O = {
	...,
-	.name = N,
	...
 };

@depends on syscore_job && (inplace)@
identifier inplace.O;
identifier fld;
identifier F;
@@
 struct syscore_ops O = {
	...,
	.fld =
-	&F
+	F
	,
	...
 };

@strip depends on syscore_job@
identifier C;
position p : script:python(C) { obj(p, "classes", C, "strip") };
identifier fld = {suspend, resume, shutdown};
expression E;
@@
 struct sysdev_class C@p = {
	...,
-	.fld = E,
	...
 };

@remove depends on syscore_job@
identifier C;
position p : script:python(C) { obj(p, "classes", C, "remove") };
@@
- struct sysdev_class C@p = { ... };

//----------------------------------------------------------------------
// Its sys_devices
//----------------------------------------------------------------------

@dev_remove depends on syscore_job@
identifier D;
position p : script:python(D) { obj(p, "devices", D, "remove") };
@@
- struct sys_device D@p = { ... };

@arr_remove depends on syscore_job@
identifier A;
position p : script:python(A) { obj(p, "arrays", A, "remove") };
@@
- struct sys_device A@p[] = { ... };

// a sys_device embedded in a file-scope object: its set-up goes (its
// member too, at the end, once nothing uses it)
@emb_setup depends on syscore_job@
identifier X;
position p : script:python(X) { embedded(p, "obj", X) };
identifier m : script:python() { any_member(m) };
identifier fld;
expression E;
@@
- X@p.m.fld = E;

@emb_setup_ptr depends on syscore_job@
identifier X : script:python() { X in POINTERS };
identifier m : script:python() { any_member(m) };
identifier fld;
expression E;
@@
- X->m.fld = E;

//----------------------------------------------------------------------
// Their registrations
//----------------------------------------------------------------------

// The calls the plan names: each rule below first binds the positions of
// the calls the plan gives that treatment, then rewrites them.

@c_remove depends on syscore_job@
identifier fn = {sysdev_class_register, sysdev_register,
		 sysdev_class_unregister, sysdev_unregister};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "remove") };
@@
fn@p(es)

@call_remove depends on syscore_job@
identifier c_remove.fn;
expression list es;
position c_remove.p;
identifier E;
type T;
@@
(
- fn@p(es);
|
  return
- fn@p(es)
+ 0
  ;
|
  E =
- fn@p(es)
+ 0
  ;
|
  T E =
- fn@p(es)
+ 0
  ;
)

@c_remove_chain depends on syscore_job@
identifier fn = {sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "remove-chain") };
@@
fn@p(es)

@call_remove_chain depends on syscore_job@
identifier c_remove_chain.fn;
expression list es;
position c_remove_chain.p;
identifier E;
@@
- if (E == 0) E = fn@p(es);

@c_replace depends on syscore_job@
identifier fn = {sysdev_class_register, sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "replace") };
@@
fn@p(es)

@call_replace depends on syscore_job@
identifier c_replace.fn;
expression list es;
position c_replace.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
identifier E;
@@
(
- fn@p(es);
+ register_syscore_ops(&O);
|
+ register_syscore_ops(&O);
  return
- fn@p(es)
+ 0
  ;
|
+ register_syscore_ops(&O);
  E =
- fn@p(es)
+ 0
  ;
)

@c_replace_chain depends on syscore_job@
identifier fn = {sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "replace-chain") };
@@
fn@p(es)

@call_replace_chain depends on syscore_job@
identifier c_replace_chain.fn;
expression list es;
position c_replace_chain.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
identifier E;
@@
  if (E == 0)
-	E = fn@p(es);
+	register_syscore_ops(&O);

@c_replace_loop depends on syscore_job@
identifier fn = {sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "replace-loop") };
@@
fn@p(es)

@call_replace_loop depends on syscore_job@
identifier c_replace_loop.fn;
expression list es;
position c_replace_loop.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
expression E;
statement S;
@@
(
- for (...;...;...) {
-  fn@p(es);
- }
+ register_syscore_ops(&O);
|
- for (...;...;...)
-  fn@p(es);
+ register_syscore_ops(&O);
|
- for (...;...;...) {
-  E = fn@p(es);
-  if (...) S
- }
+ register_syscore_ops(&O);
)

// the loop that set up and registered the elements of a static array
// that the callbacks now walk: it goes, the ops is registered instead
@c_replace_walk depends on syscore_job@
identifier fn = {sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "replace-walk") };
@@
fn@p(es)

@call_replace_walk depends on syscore_job@
identifier c_replace_walk.fn;
expression list es;
position c_replace_walk.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
@@
- for (...;...;...) { <+... fn@p(es) ...+> }
+ register_syscore_ops(&O);

@c_before depends on syscore_job@
identifier fn = {sysdev_class_register, sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "before") };
@@
fn@p(es)

@call_before depends on syscore_job@
identifier c_before.fn;
expression list es;
position c_before.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
expression E;
@@
(
+ register_syscore_ops(&O);
  fn@p(es);
|
+ register_syscore_ops(&O);
  return fn@p(es);
|
+ register_syscore_ops(&O);
  E = fn@p(es);
)

@c_after depends on syscore_job@
identifier fn = {sysdev_class_register, sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "after") };
@@
fn@p(es)

@call_after depends on syscore_job@
identifier c_after.fn;
expression list es;
position c_after.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
expression E;
statement S;
@@
(
  E = fn@p(es);
  if (E) S
+ register_syscore_ops(&O);
|
  fn@p(es);
+ register_syscore_ops(&O);
|
  E = fn@p(es);
+ if (E == 0)
+	register_syscore_ops(&O);
)

// after-last: after the last later step whose failure ends the function
// (the facts' form_steps), so that a failed init leaves no ops registered
@c_after_last depends on syscore_job@
identifier fn = {sysdev_class_register, sysdev_register};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "after-last") };
@@
fn@p(es)

@call_after_last depends on syscore_job@
identifier c_after_last.fn;
expression list es, es2;
position c_after_last.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
identifier E, G, L;
expression E2;
statement S;
position p2 : script:python(G, es2) { last_step(p2, G, [es2]) };
iterator I;
@@
  E = fn@p(es);
  if (E) S
  ... when any
(
  E2 = G@p2(es2);
  if (<+...E2...+>) \(return ...; \| goto L; \| { ... \(return ...; \| goto L; \) } \)
+ register_syscore_ops(&O);
|
  for (...;...;...) { <+... E2 = G@p2(es2); if (<+...E2...+>) \(return ...; \| goto L; \| { ... \(return ...; \| goto L; \) } \) ...+> }
+ register_syscore_ops(&O);
|
  I(...) { <+... E2 = G@p2(es2); if (<+...E2...+>) \(return ...; \| goto L; \| { ... \(return ...; \| goto L; \) } \) ...+> }
+ register_syscore_ops(&O);
)

@c_unreg depends on syscore_job@
identifier fn = {sysdev_class_unregister, sysdev_unregister};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "replace-un") };
@@
fn@p(es)

@call_unregister depends on syscore_job@
identifier c_unreg.fn;
expression list es;
position c_unreg.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
@@
- fn@p(es);
+ unregister_syscore_ops(&O);

@c_unreg_before depends on syscore_job@
identifier fn = {sysdev_class_unregister, sysdev_unregister};
expression list es;
position p : script:python(fn, es) { call(p, fn, [es], "before-un") };
@@
fn@p(es)

@call_unregister_before depends on syscore_job@
identifier c_unreg_before.fn;
expression list es;
position c_unreg_before.p;
fresh identifier O = script:python(p, fn, es) { first_op(p, fn, [es]) };
@@
+ unregister_syscore_ops(&O);
  fn@p(es);

// the member of the embedded sys_device, once nothing uses it
@emb_left depends on syscore_job@
identifier m : script:python() { any_member(m) };
expression E;
position p : script:python() { bool(fplan(p).embedded) };
@@
\(E.m@p\|E->m@p\)

@emb_member depends on syscore_job && (!emb_left)@
identifier S;
position p : script:python(S) { embedded(p, "struct", S) };
identifier m : script:python() { any_member(m) };
@@
 struct S@p {
	...
-	struct sys_device m;
	...
 };

// a macro that stood for container_of() in the callbacks goes, once
// nothing uses it
@macro_left depends on syscore_job@
identifier M : script:python() { M in MACROS };
expression E;
@@
M(E)

@depends on syscore_job && (!macro_left)@
identifier M : script:python() { M in MACROS };
identifier x;
expression E;
@@
- #define M(x) E
