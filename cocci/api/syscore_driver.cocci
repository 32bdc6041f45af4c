// SPDX-License-Identifier: GPL-2.0-only
/// sysdev -> syscore_ops, job 4 of 6: sysdev drivers.
/// Run by sysdev_to_syscore_ops.cocci (its syscore.sh); run alone, as make
/// coccicheck runs every file under scripts/coccinelle, it prints nothing.
//#
//# Follows the plan of sysdev_to_syscore_ops.cocci (-D plan=FILE); run by
//# syscore.sh (-D syscore_job).
//#  - a driver converted in place (PM callbacks only) becomes
//#    "struct syscore_ops <ops>"; a driver that stays (.add/.remove) loses
//#    its .suspend/.resume/.shutdown; a driver whose callbacks went to an
//#    ops defined elsewhere goes;
//#  - sysdev_driver_register() and sysdev_driver_unregister(), one call at
//#    a time, as the plan says (see syscore_class.cocci for the
//#    treatments: remove, replace, after, after-last, replace-un,
//#    before-un).
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

//----------------------------------------------------------------------
// The driver
//----------------------------------------------------------------------

@inplace depends on syscore_job@
identifier D;
position p : script:python(D) { obj(p, "drivers", D, "inplace") };
fresh identifier O = script:python(p, D) { ops_of(p, "drivers", D) };
@@
- struct sysdev_driver D@p
+ struct syscore_ops O
  = { ... };

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

@script:python exported depends on syscore_job@
p << inplace.p;
D << inplace.D;
@@
if fplan(p).drivers[D].static:
	cocci.include_match(False)

@depends on syscore_job && (exported)@
identifier inplace.O;
@@
- static
  struct syscore_ops O = { ... };

@strip depends on syscore_job@
identifier D;
position p : script:python(D) { obj(p, "drivers", D, "strip") };
identifier fld = {suspend, resume, shutdown};
expression E;
@@
 struct sysdev_driver D@p = {
	...,
-	.fld = E,
	...
 };

@remove depends on syscore_job@
identifier D;
position p : script:python(D) { obj(p, "drivers", D, "remove") };
@@
- struct sysdev_driver D@p = { ... };

//----------------------------------------------------------------------
// Its registrations
//----------------------------------------------------------------------

@c_remove depends on syscore_job@
identifier fn = {sysdev_driver_register, sysdev_driver_unregister};
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

@c_replace depends on syscore_job@
identifier fn = {sysdev_driver_register};
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

@c_after depends on syscore_job@
identifier fn = {sysdev_driver_register};
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
identifier fn = {sysdev_driver_register};
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
identifier fn = {sysdev_driver_unregister};
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
identifier fn = {sysdev_driver_unregister};
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
