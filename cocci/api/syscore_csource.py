# SPDX-License-Identifier: GPL-2.0-only
"""syscore_csource.py - what the planner reads of C text with regexes.

The facts come from Coccinelle rules; a few questions are about the text
itself (preprocessor lines, where a definition ends) and are answered here,
in one place: the #includes of a file, the #if depth at a line, the last
function defined outside #if, a "#define F NULL" stand-in; and, for the
parts of a file spatch cannot parse, the sysdev structs and functions the
text defines and the line spatch --parse-c stops at.
"""
import os
import re
import subprocess


def include_name(header, user):
    """How USER (a path) includes HEADER (a path), or None."""
    if os.path.dirname(header) == os.path.dirname(user):
        return '"%s"' % os.path.basename(header)
    i = header.rfind("include/")
    if i >= 0:
        return "<%s>" % header[i + len("include/"):]
    return None


def if_step(text):
    """how a line changes the number of open #if blocks: +1, -1 or 0"""
    m = re.match(r"\s*#\s*(if|ifdef|ifndef|endif)\b", text)
    if not m:
        return 0
    return -1 if m.group(1) == "endif" else 1


class CSource:
    """The text of the files of the run, read once each."""

    def __init__(self):
        self._text = {}
        self._bad = {}
        self._funcs = {}

    def text(self, path):
        if path not in self._text:
            try:
                with open(path, errors="replace") as src:
                    self._text[path] = src.read()
            except OSError:
                self._text[path] = ""
        return self._text[path]

    def includes(self, path):
        """the set of '<x.h>' / '"x.h"' the file includes"""
        return set(re.findall(r'^\s*#\s*include\s*([<"][^>"]+[>"])', self.text(path), re.M))

    def ifdepth(self, path, line):
        """number of #if blocks open at LINE of the file"""
        depth = 0
        for i, text in enumerate(self.text(path).splitlines(), 1):
            if i >= line:
                break
            depth += if_step(text)
        return depth

    def defines_null(self, header, name):
        """HEADER has "#define NAME NULL" (where NAME's file is not built)"""
        return re.search(r"^\s*#\s*define\s+%s\s+NULL\b" % re.escape(name),
                         self.text(header), re.M) is not None

    def last_function(self, path):
        """the name of the last function of the file defined outside any
        #if (kernel style: the body's braces in column 0)"""
        lines = self.text(path).splitlines()
        name = None
        depth = 0               # the #if blocks open before line i
        for i, text in enumerate(lines):
            if text.startswith("{") and depth == 0:
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
            depth += if_step(text)
        return name

    def pm_structs(self, path):
        """[(kind "class"|"driver", name, line)]: the struct sysdev_class /
        sysdev_driver definitions of the file that set a PM callback"""
        text = self.text(path)
        out = []
        for m in re.finditer(r"^[^\n;]*\bstruct\s+sysdev_(class|driver)\s+(\w+)\s*=\s*\{([^}]*)\}",
                             text, re.M):
            if re.search(r"\.\s*(suspend|resume|shutdown)\s*=", m.group(3)):
                out.append((m.group(1), m.group(2), text.count("\n", 0, m.start(2)) + 1))
        return out

    def _definition(self, path, func):
        """the match of FUNC's definition in the file (kernel style: the
        declarator, then a line "{"; group 1: the parameters), else None"""
        return re.search(r"^[^\n;#]*\b%s\s*\(([^;{]*)\)\s*\n\{" % re.escape(func), self.text(path), re.M)

    def statement_at(self, path, line):
        """the code of line LINE of the file, as a report quotes it: blanks
        squeezed, an opening brace or a comment at its end left out, at
        most 70 characters"""
        lines = self.text(path).splitlines()
        if not 0 < line <= len(lines):
            return ""
        code = re.sub(r"\s*(/\*.*|//.*|\{)\s*$", "", lines[line - 1])
        code = " ".join(code.split())
        return code if len(code) <= 70 else code[:67] + "..."

    def function_line(self, path, name):
        """the line where the file defines function NAME, else None"""
        m = self._definition(path, name)
        return self.text(path).count("\n", 0, m.start()) + 1 if m else None

    def _body_span(self, path, m):
        """(start, end): the offsets of the body, braces included, of the
        definition _definition() matched"""
        return m.end() - 1, m.start() + len(self._definition_text(path, m))

    def _sysdev_param(self, path, func):
        """(name of the struct sys_device * parameter, body) of FUNC's
        definition in the file, else (None, None)"""
        m = self._definition(path, func)
        param = re.search(r"struct\s+sys_device\s*\*\s*(\w+)", m.group(1)) if m else None
        if not param:
            return None, None
        start, end = self._body_span(path, m)
        return param.group(1), self.text(path)[start:end - 1]

    def sysdev_param_uses(self, path, func):
        """what follows each use of the struct sys_device * parameter in
        the body of FUNC's definition in the file (["->id", ...]), else
        None"""
        name, body = self._sysdev_param(path, func)
        if name is None:
            return None
        return [re.match(r"\s*(->\s*\w+|\S?)", body[u.end():]).group(1).replace(" ", "")
                for u in re.finditer(r"\b%s\b" % re.escape(name), body)]

    def sysdev_param_elsewhere(self, path, func, macros):
        """FUNC uses its struct sys_device * parameter somewhere else than
        as container_of()'s pointer (or the argument of one of MACROS)"""
        name, body = self._sysdev_param(path, func)
        if name is None:
            return False
        P = re.escape(name)
        body = re.sub(r"\bcontainer_of\s*\(\s*\(?\s*%s\s*\)?\s*,[^,()]+,\s*\w+\s*\)" % P, "", body)
        for M in macros:
            body = re.sub(r"\b%s\s*\(\s*%s\s*\)" % (re.escape(M), P), "", body)
        return re.search(r"\b%s\b" % P, body) is not None

    def _pointer_declaration(self, path, name):
        """the match of the file-scope declaration of NAME as a pointer
        ("[static] [struct] T *a, *NAME;"; group 1: "struct" or None,
        group 2: T), else None"""
        return re.search(r"^(?:static\s+)?(struct\s+)?(\w+)\s*(?:\*\s*\w+\s*,\s*)*\*\s*%s\s*[;=,]" % re.escape(name),
                         self.text(path), re.M)

    def file_scope_pointer(self, path, name):
        """the file declares NAME at file scope, as a pointer"""
        return self._pointer_declaration(path, name) is not None

    def container_macro(self, path, name):
        """(type, member) when the file has "#define NAME(d)
        container_of(d, type, member)", else None"""
        m = re.search(r"^\s*#\s*define\s+%s\s*\(\s*(\w+)\s*\)\s*container_of\s*\(\s*\(?\s*\1\s*\)?\s*,"
                      r"\s*([^,]+?)\s*,\s*(\w+)\s*\)\s*$" % re.escape(name), self.text(path), re.M)
        return (re.sub(r"\s+", "", m.group(2)), m.group(3)) if m else None

    def pointer_type(self, path, name):
        """S when the file declares NAME at file scope as "struct S *NAME" """
        m = self._pointer_declaration(path, name)
        return m.group(2) if m and m.group(1) else None

    def assigning_functions(self, path, name):
        """the functions of the file that assign NAME ("NAME = ...")"""
        out = []
        func = None
        for text in self.text(path).splitlines():
            m = re.match(r"^[A-Za-z_].*?\b(\w+)\s*\([^;]*$", text)
            if m and not text.rstrip().endswith(";"):
                func = m.group(1)
            elif re.search(r"(^|[^\w.>])%s\s*=[^=]" % re.escape(name), text) and \
                    text[:1] in ("\t", " ") and func and func not in out:
                out.append(func)
        return out

    def function_text(self, path, func):
        """the declarator and body of FUNC's definition in the file, else "" """
        m = self._definition(path, func)
        return self._definition_text(path, m) if m else ""

    def _definition_text(self, path, m):
        """the declarator and body of the definition _definition() matched"""
        text = self.text(path)
        depth = 0
        for end in range(m.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        return text[m.start():end + 1]

    def functions(self, path):
        """[(name, start, end)]: the function definitions of the file
        (kernel style, as _definition()), offsets of their text"""
        if path not in self._funcs:
            self._funcs[path] = [(m.group(1), m.start(), m.start() + len(self._definition_text(path, m)))
                                 for m in re.finditer(r"^[^\n;#]*\b(\w+)\s*\(([^;{]*)\)\s*\n\{",
                                                      self.text(path), re.M)]
        return self._funcs[path]

    def function_at(self, path, offset):
        """the name of the function whose definition holds OFFSET, else None"""
        return next((n for n, a, b in self.functions(path) if a <= offset < b), None)

    def one_instance_body(self, path, func, param, member):
        """(type, var) when FUNC's body starts with "type *var =
        container_of(PARAM, type, MEMBER);" and its one return is a last
        "return 0;": a body that acts on one instance, else None"""
        body = self.function_text(path, func).split("{", 1)[-1]
        m = re.match(r"\s*(struct\s+\w+)\s*\*\s*(\w+)\s*=\s*container_of\s*\(\s*%s\s*,\s*(struct\s+\w+)"
                     r"\s*,\s*%s\s*\)\s*;" % (re.escape(param), re.escape(member)), body)
        if not m or " ".join(m.group(1).split()) != " ".join(m.group(3).split()):
            return None
        if re.findall(r"\breturn\b", body) != ["return"] or not re.search(r"\breturn\s+0\s*;\s*\}\s*$", body):
            return None
        return " ".join(m.group(1).split()), m.group(2)

    def list_adders(self, path, head):
        """[(function, var, link, offset)]: where the file adds &var->link
        to the file-scope list HEAD (list_add() or list_add_tail())"""
        out = []
        text = self.text(path)
        for m in re.finditer(r"\blist_add(?:_tail)?\s*\(\s*&\s*(\w+)\s*->\s*(\w+)\s*,\s*&\s*%s\s*\)"
                             % re.escape(head), text):
            f = self.function_at(path, m.start())
            if f:
                out.append((f, m.group(1), m.group(2), m.start()))
        return out

    def file_chains(self, path, ctype):
        """the file-scope pointers "CTYPE *H;" (or "= NULL"; CTYPE "struct
        S") that can head a chain of CTYPE objects"""
        t = r"\s+".join(re.escape(w) for w in ctype.split())
        return re.findall(r"^(?:static\s+)?%s\s*\*\s*(\w+)\s*(?:=\s*NULL\s*)?;" % t, self.text(path), re.M)

    # "var->link = head; head = var;": a push on a chain
    _PUSH = r"\b(?P<v>%s)\s*->\s*(?P<link>\w+)\s*=\s*(?P<h>%s)\s*;\s*(?P=h)\s*=\s*(?P=v)\s*;"

    def _chain_pushes(self, path, head=r"\w+", var=r"\w+"):
        """the matches of the pushes of VAR on HEAD (regexes) in the file"""
        return list(re.finditer(self._PUSH % (var, head), self.text(path)))

    def _other_head_sets(self, path, head, pushes):
        """the offsets of the assignments of HEAD inside functions that
        are not the "HEAD = var" of one of the PUSHES (matches)"""
        spans = [(p.start(), p.end()) for p in pushes]
        return [m.start() for m in re.finditer(r"(?<![.>\w])%s\s*=[^=]" % re.escape(head), self.text(path))
                if self.function_at(path, m.start()) and not any(a <= m.start() < b for a, b in spans)]

    def chain_adders(self, path, head):
        """[(function, var, link, offset)]: where the file pushes var on
        the chain HEAD ("var->link = HEAD; HEAD = var;"), when that is
        the only assignment of HEAD in a function"""
        found = self._chain_pushes(path, head=re.escape(head))
        pushes = [(self.function_at(path, m.start()), m.group("v"), m.group("link"), m.start()) for m in found]
        ok = all(p[0] for p in pushes) and not self._other_head_sets(path, head, found)
        return pushes if ok else []

    def chain_set_elsewhere(self, path, func, var):
        """(head, line) when FUNC pushes VAR on a file-scope chain head
        that another statement in a function also assigns (the line of
        the first such), else None"""
        for m in self._chain_pushes(path, var=re.escape(var)):
            head = m.group("h")
            if self.function_at(path, m.start()) != func:
                continue
            other = self._other_head_sets(path, head, self._chain_pushes(path, head=re.escape(head)))
            if other:
                return head, self.text(path).count("\n", 0, other[0]) + 1
        return None

    def file_lists(self, path):
        """the list heads the file defines at file scope (LIST_HEAD(x) or
        struct list_head x)"""
        return re.findall(r"^(?:static\s+)?(?:LIST_HEAD\s*\(\s*(\w+)\s*\)|struct\s+list_head\s+(\w+)\s*[;=])",
                          self.text(path), re.M)

    def list_walkers(self, path, head, link):
        """[(function, mutex or None)]: the functions of the file that walk
        HEAD with list_for_each_entry*(v, &HEAD, LINK), and the mutex each
        takes right before the walk"""
        out = []
        text = self.text(path)
        for m in re.finditer(r"(?:\bmutex_lock\s*\(\s*&\s*(\w+)\s*\)\s*;\s*)?\blist_for_each_entry\w*\s*\("
                             r"\s*\w+\s*,\s*&\s*%s\s*,\s*%s\s*\)" % (re.escape(head), re.escape(link)), text):
            f = self.function_at(path, m.start())
            if f:
                out.append((f, m.group(1)))
        return out

    def calls_with(self, path, func, callee, arg):
        """the offsets (in the file) where FUNC calls CALLEE(ARG, ...)"""
        m = self._definition(path, func)
        if not m:
            return []
        arg = r"\s*".join(re.escape(x) for x in re.findall(r"\w+|->|\S", arg))
        return [m.start() + c.start() for c in re.finditer(r"\b%s\s*\(\s*%s\s*[,)]" % (re.escape(callee), arg),
                                                           self._definition_text(path, m))]

    def calls_of_function(self, path, func):
        """[(caller, first argument)]: the calls of FUNC in the file (its
        name anywhere else, a use as a value, makes it [None])"""
        text = self.text(path)
        own = self._definition(path, func)
        out = []
        for m in re.finditer(r"\b%s\b" % re.escape(func), text):
            if own and own.start() <= m.start() < own.end():
                continue        # its own declarator
            caller = self.function_at(path, m.start())
            call = re.compile(r"\s*\(\s*([^,()]*(?:\[[^\]]*\])?)\s*[,)]").match(text, m.end())
            if not caller and re.compile(r"\s*\(").match(text, m.end()):
                continue        # a prototype or a comment, outside functions
            if not caller or not call:
                return [(None, None)]
            out.append((caller, re.sub(r"\s+", "", call.group(1))))
        return out

    def declares(self, path, func, ctype, var):
        """FUNC declares VAR (a local or a parameter) as "CTYPE *VAR" """
        t = r"\s+".join(re.escape(w) for w in ctype.split())
        return re.search(r"\b%s\s*\*\s*%s\b" % (t, re.escape(var)), self.function_text(path, func)) is not None

    def sysdev_param(self, path, func):
        """the name of FUNC's struct sys_device * parameter, else None"""
        return self._sysdev_param(path, func)[0]

    def local_struct_pointer(self, path, func, name):
        """S when FUNC declares NAME alone, "struct S *NAME;", else None"""
        m = re.search(r"^\s*struct\s+(\w+)\s*\*\s*%s\s*;" % re.escape(name), self.function_text(path, func), re.M)
        return m.group(1) if m else None

    def assignments_in(self, path, func, name):
        """how many times FUNC assigns NAME ("NAME = ...")"""
        return len(re.findall(r"(?:^|[^\w.>])%s\s*=[^=]" % re.escape(name), self.function_text(path, func)))

    def bounded_loop_around(self, path, func, call):
        """(index, bound) of the loop "for (i = 0; i < N; i++) { ... }" of
        FUNC whose body holds CALL (spaces left out), N a number or a
        macro (an upper-case name), when it is FUNC's only loop; else
        None"""
        text = self.function_text(path, func)
        loops = list(re.finditer(r"\b(for|while|do)\b", text))
        m = re.search(r"\bfor\s*\(\s*(\w+)\s*=\s*0\s*;\s*\1\s*<\s*(\d+|[A-Z][A-Z0-9_]*)\s*;"
                      r"\s*(?:\1\s*\+\+|\+\+\s*\1)\s*\)\s*\{", text)
        if len(loops) != 1 or not m:
            return None
        end = self._balanced(text, m.end() - 1, "{", "}")
        if end is None or call not in re.sub(r"\s+", "", text[m.end():end]):
            return None
        return m.group(1), m.group(2)

    def param_named(self, path, func, ctype):
        """the name of FUNC's parameter of type CTYPE (a regex), else None"""
        m = self._definition(path, func)
        p = re.search(r"\b%s\s*(\w+)\s*(?:,|$)" % ctype, m.group(1)) if m else None
        return p.group(1) if p else None

    def passed_on(self, path, func, param):
        """[(callee, argument index, line)] when every use of parameter
        PARAM in FUNC's body is a whole argument of a call, else None"""
        m = self._definition(path, func)
        if not m:
            return None
        text = self.text(path)
        start, end = self._body_span(path, m)
        out = []
        for u in re.finditer(r"\b%s\b" % re.escape(param), text[start:end]):
            at = start + u.start()
            before = text[:at].rstrip()
            after = text[at + len(param):].lstrip()
            if not before.endswith(("(", ",")) or not after.startswith((")", ",")):
                return None
            depth, i, commas = 0, at - 1, 0
            while i > start:
                c = text[i]
                if c in ")]":
                    depth += 1
                elif c in "([":
                    if depth == 0:
                        break
                    depth -= 1
                elif c == "," and depth == 0:
                    commas += 1
                i -= 1
            callee = re.search(r"(\w+(?:\s*(?:->|\.)\s*\w+)*)\s*$", text[:i])
            if text[i] != "(" or not callee:
                return None
            out.append((re.sub(r"\s+", "", callee.group(1)), commas, text.count("\n", 0, at) + 1))
        return out

    def reads_param(self, path, func, index):
        """the line where FUNC (defined in the file) first uses its
        INDEX-th parameter, 0 when it never does, None when the file does
        not define FUNC or it has no such parameter"""
        m = self._definition(path, func)
        if not m:
            return None
        params = self.parameters(path, func)
        if index >= len(params):
            return None
        name = re.search(r"(\w+)\s*$", params[index])
        if not name:
            return None
        start, end = self._body_span(path, m)
        u = re.compile(r"\b%s\b" % re.escape(name.group(1))).search(self.text(path), start, end)
        return self.text(path).count("\n", 0, u.start()) + 1 if u else 0

    def hook_setters(self, path, stype, member):
        """[(function, line)]: the functions the file's initializers of
        struct STYPE set MEMBER to (at the initializer's top level)"""
        out = []
        text = self.text(path)
        for m in re.finditer(r"\bstruct\s+%s\s+\w+(?:\s+__\w+)*\s*=\s*\{" % re.escape(stype), text):
            end = self._balanced(text, m.end() - 1, "{", "}")
            body = self._top_level(text[m.end():end]) if end else ""
            f = re.search(r"\.\s*%s\s*=\s*&?\s*(\w+)" % re.escape(member), body)
            if f:
                out.append((f.group(1), text.count("\n", 0, m.end() + f.start()) + 1))
        return out

    @staticmethod
    def _top_level(body):
        """BODY with every nested brace block blanked (offsets kept)"""
        out, depth = [], 0
        for c in body:
            depth += c == "{"
            out.append(c if depth == 0 else " ")
            depth -= c == "}" and depth > 0
        return "".join(out)

    def unread_instances(self, path, stype):
        """the line of a struct STYPE object hook_setters() cannot read
        (an array of them, a compound literal), else None"""
        text = self.text(path)
        m = re.search(r"\bstruct\s+%s\s+\w+\s*\[|\(\s*struct\s+%s\s*\)\s*\{" % (
            re.escape(stype), re.escape(stype)), text)
        return text.count("\n", 0, m.start()) + 1 if m else None

    def parameters(self, path, func):
        """the parameter declarations of FUNC's definition in the file
        (["void"] is none), else None"""
        m = self._definition(path, func)
        return [x.strip() for x in m.group(1).split(",")] if m else None

    def is_static(self, path, func):
        """FUNC's definition in the file is static"""
        m = self._definition(path, func)
        return bool(m) and re.match(r"\s*static\b", m.group(0)) is not None

    def only_called(self, path, func):
        """every use of the name FUNC in the file is a call or a
        declarator (its address is never taken)"""
        text = self.text(path)
        return all(re.match(r"\s*\(", text[u.end():]) for u in re.finditer(r"\b%s\b" % re.escape(func), text))

    def calls_in_bodies(self, path, func):
        """the file calls FUNC from a function body"""
        text = self.text(path)
        bodies = [(text.index("{", a), b) for _, a, b in self.functions(path)]
        return any(a < u.start() < b for u in re.finditer(r"\b%s\s*\(" % re.escape(func), text)
                   for a, b in bodies)

    def member_parameters(self, path, stype, member):
        """the parameter declarations of the function-pointer MEMBER of
        the file's definition of struct STYPE, else None"""
        d = re.search(r"^struct\s+%s\s*\{" % re.escape(stype), self.text(path), re.M)
        end = self._balanced(self.text(path), d.end() - 1, "{", "}") if d else None
        if end is None:
            return None
        m = re.search(r"\(\s*\*\s*%s\s*\)\s*\(([^;{]*)\)\s*;" % re.escape(member), self.text(path)[d.end():end])
        return [x.strip() for x in m.group(1).split(",")] if m else None

    def member_calls(self, path, member):
        """[(pointer, line)]: the calls "P->MEMBER(" of the file; a call
        through anything but a plain name gives (None, line)"""
        text = self.text(path)
        out = []
        for m in re.finditer(r"->\s*%s\s*\(" % re.escape(member), text):
            w = re.search(r"(\W?)\s*\b(\w+)$", text[max(0, m.start() - 200):m.start()].rstrip())
            plain = w is not None and w.group(1) not in (".", ">", ")", "]")
            out.append((w.group(2) if plain else None, text.count("\n", 0, m.start()) + 1))
        return out

    def struct_pointers(self, path, name):
        """the structs S of the file's declarations "struct S *NAME" (at
        file scope, local or a parameter)"""
        return set(re.findall(r"\bstruct\s+(\w+)\s*\*\s*(?:const\s+)?%s\b" % re.escape(name), self.text(path)))

    def member_set(self, path, member):
        """the line of an assignment "X.MEMBER = " or "X->MEMBER = " (a hook
        set at run time, not in an initializer), else None"""
        for m in re.finditer(r"(?:\.|->)\s*%s\s*=[^=]" % re.escape(member), self.text(path)):
            if self.function_at(path, m.start()) is not None:    # not an initializer's
                return self.text(path).count("\n", 0, m.start()) + 1
        return None

    def pointer_struct(self, path, name):
        """S when the file declares NAME as "struct S *NAME" at file scope
        (static or extern), else None"""
        m = re.search(r"^(?:static\s+|extern\s+)?struct\s+(\w+)\s*\*\s*%s\s*[;=]" % re.escape(name),
                      self.text(path), re.M)
        return m.group(1) if m else None

    # "for (I = 0; I < bound; I++" with I the group "i", bound group 2
    _FOR_HEAD = r"\bfor\s*\(\s*(?P<i>%s)\s*=\s*0\s*;\s*(?P=i)\s*<\s*([^;()]+?|\w+\s*\(\s*\w+\s*\))\s*;" \
        r"\s*(?:(?P=i)\s*\+\+|\+\+\s*(?P=i))"

    def _only_loop(self, path, func, head):
        """(index, bound, body) of FUNC's one loop whose header matches
        HEAD (a regex ending before the block), else None"""
        text = self.function_text(path, func)
        loops = list(re.finditer(head + r"\s*\{", text))
        if len(loops) != 1:
            return None
        end = self._balanced(text, loops[0].end() - 1, "{", "}")
        m = loops[0]
        return (m.group("i"), m.group(2).strip(), text[m.end():end]) if end else None

    def index_loop(self, path, func, index):
        """(bound, body) of FUNC's one loop "for (INDEX = 0; INDEX < bound;
        INDEX++) { body }", else None"""
        loop = self._only_loop(path, func, self._FOR_HEAD % re.escape(index) + r"\s*\)")
        return loop[1:] if loop else None

    def pointer_loop(self, path, func, ptr):
        """(index, bound, body) of FUNC's one loop "for (i = 0; i < bound;
        i++, PTR++) { body }" (an index and a pointer stepped together),
        else None"""
        p = re.escape(ptr)
        return self._only_loop(path, func, self._FOR_HEAD % r"\w+" +
                               r"\s*,\s*(?:%s\s*\+\+|\+\+\s*%s)\s*\)" % (p, p))

    def static_array_of(self, path, name):
        """the element type ("struct S") of the file-scope static array
        NAME, else None"""
        m = re.search(r"^static\s+(struct\s+\w+)\s+%s\s*\[[^\]]*\]\s*;" % re.escape(name), self.text(path), re.M)
        return " ".join(m.group(1).split()) if m else None

    def file_scope_name(self, path, name):
        """NAME is a macro or a variable the file defines at file scope"""
        n = re.escape(name)
        return re.search(r"^(\s*#\s*define\s+%s\b|[A-Za-z_][^(\n;]*\b%s\s*(=[^;]*)?;)" % (n, n),
                         self.text(path), re.M) is not None

    @staticmethod
    def only_setup(body, ptr, member, value):
        """BODY (a loop's) only sets up and registers PTR->MEMBER: "T *PTR =
        VALUE;" (or "PTR = VALUE;"), assignments to PTR->MEMBER's fields,
        the registration, checked by an if that returns or jumps (after
        printing, in a block)"""
        p, m = re.escape(ptr), re.escape(member)
        v = r"\s*".join(re.escape(x) for x in re.findall(r"\w+|\S", value))
        rest = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
        for pat in (r"(struct\s+\w+\s*\*\s*)?%s\s*=\s*%s\s*;" % (p, v),
                    r"%s\s*->\s*%s\s*\.\s*\w+\s*=[^;=][^;]*;" % (p, m),
                    r"(\w+\s*=\s*)?sysdev_register\s*\(\s*&\s*%s\s*->\s*%s\s*\)\s*;" % (p, m),
                    r"if\s*\(\s*!?\s*\w+\s*\)\s*(\{\s*((printk|pr_\w+|dev_\w+)\s*\([^;]*\)\s*;\s*)*)?"
                    r"(return\b[^;]*|goto\s+\w+|break)\s*;(\s*\})?"):
            rest = re.sub(pat, "", rest)
        return not rest.strip()

    def check_end_line(self, path, line):
        """the last line of the statement at LINE (a call ending with ";")
        and of the "if (...)" that checks it, with its block or its one
        statement, else None"""
        lines = self.text(path).splitlines(True)
        start = sum(len(x) for x in lines[:line - 1])
        text = self.text(path)
        m = re.compile(r"[^;]*;\s*if\s*\(").match(text, start)
        if not m:
            return None
        i = self._balanced(text, m.end() - 1, "(", ")")
        if i is None:
            return None
        rest = re.compile(r"\s*\{").match(text, i + 1)
        end = self._balanced(text, rest.end() - 1, "{", "}") if rest else text.find(";", i)
        return None if end is None or end < 0 else text.count("\n", 0, end) + 1

    @staticmethod
    def _balanced(text, i, op, cl):
        """the offset of the CL that closes the OP at offset I, else None"""
        depth = 0
        for j in range(i, len(text)):
            depth += {op: 1, cl: -1}.get(text[j], 0)
            if depth == 0:
                return j
        return None

    def reached_only_before(self, path, func, line, end):
        """the statement at LINE of FUNC runs only after code at or before
        line END: it is there itself, or it follows a label that no code
        falls into and that only gotos at or before END jump to"""
        if line <= end:
            return True
        lines = self.text(path).splitlines()
        label = None
        for i in range(line - 1, 0, -1):
            m = re.match(r"^\s*(\w+)\s*:\s*$", lines[i - 1])
            if m and m.group(1) != "default":
                label = (i, m.group(1))
                break
            if re.search(r"\b(return|goto)\b|^\}", lines[i - 1]):
                return False
        if label is None or label[0] < 2:
            return False
        before = [x for x in lines[:label[0] - 1] if x.strip()]
        if not before or not re.search(r"\b(return\b[^;]*|goto\s+\w+\s*);\s*$", before[-1]):
            return False
        first = self.function_line(path, func) or 0
        gotos = [n for n, x in enumerate(lines, 1)
                 if first <= n and re.search(r"\bgoto\s+%s\s*;" % re.escape(label[1]), x)]
        return all(first <= n <= end for n in gotos)

    def value_in(self, path, func, name):
        """what FUNC first assigns to its variable NAME ("x = E;" or a
        declaration "T *x = E;"), else None"""
        m = re.search(r"(?:^|[^\w.>])%s\s*=\s*([^;=][^;]*);" % re.escape(name),
                      self.function_text(path, func))
        return re.sub(r"\s+", "", m.group(1)) if m else None

    def is_parameter(self, path, func, name):
        """NAME is a parameter of FUNC's definition in the file"""
        decl = self.function_text(path, func).split("{", 1)[0]
        return re.search(r"[(,][^,()]*\b%s\s*[,)]" % re.escape(name), decl) is not None

    def is_init(self, path, func):
        """FUNC is defined __init in the file (it runs once, at boot)"""
        return re.search(r"^[^\n;]*\b__init\b[^\n;]*\b%s\s*\(" % re.escape(func),
                         self.text(path), re.M) is not None

    def parse_error(self, path):
        """the first line spatch --parse-c cannot parse in the file, else None"""
        if path not in self._bad:
            self._bad[path] = parse_error_line(path)
        return self._bad[path]


def parse_error_line(path):
    """the first line of PATH that spatch --parse-c cannot parse, else None"""
    try:
        out = subprocess.run([os.environ.get("SPATCH", "spatch"), "--parse-c", path],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=120).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r'^ = File "[^"]*", line (\d+)', out, re.M)
    return int(m.group(1)) if m else None
