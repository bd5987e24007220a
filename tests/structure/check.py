#!/usr/bin/env python3
"""The house's shape, checked: no Rust source file over MAX_LINES lines (but the schema's list of
tables), no import cycle between the files of any crate (a file that uses another, directly or through others, and is used back), and
no Rust file outside its owner that names a table another crate owns (OWNED_TABLES).

A use is any `crate::`, `super::` or `self::` path in a file, or a path starting with a sibling module
the file declares; it points at the file of the deepest module the path names. A path that ends at a
crate root or a `mod.rs` follows that file's `pub use` re-exports to the file the item comes from. The
crate root itself is the crate's front door, not a node: what it defines (a crate-wide error type, say)
every module may use while it declares and re-exports them.

A table is named when its name appears in code or in a string (raw SQL counts); comments may name it.
Only the owner's files, and `crates/db/src/schema.rs` which declares every table, may.

Usage: tests/structure/check.py [repo root]. First checks itself on a small tree that breaks every rule;
then prints what is wrong and exits 1, or prints one line and exits 0.
"""
import os
import re
import sys

MAX_LINES = 450

# Tables with one owner, which alone names them: the owner's folder, then the tables. Other crates
# (and their tests and benchmarks) go through the owner's functions.
OWNED_TABLES = {
    "crates/tuition/": (
        "tuition_requests",
        "tuition_interests",
        "tutor_areas",
        "tutor_area_cells",
        "tutor_search_index",
    ),
}
# Declares every table for diesel.
SCHEMA_FILE = "crates/db/src/schema.rs"

PATH_RE = re.compile(r"\b((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
USE_RE = re.compile(r"\buse\s+([^;]+);", re.S)
MOD_RE = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;", re.M)
COMMENT_RE = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING_RE = re.compile(r'"(?:\\.|[^"\\])*"')
# A string (kept) or a comment (dropped), whichever starts first: a `//` inside a string is no comment.
STRING_OR_COMMENT_RE = re.compile(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?\*/', re.S)


def strip(src):
    return STRING_RE.sub('""', COMMENT_RE.sub("", src))


def without_comments(src):
    return STRING_OR_COMMENT_RE.sub(lambda m: m.group(1) or "", src)


def table_problems(rel, src):
    """The tables a file names that a crate other than its own owns."""
    if rel == SCHEMA_FILE:
        return []
    code = without_comments(src)
    problems = []
    for owner, tables in OWNED_TABLES.items():
        if rel.startswith(owner):
            continue
        for table in tables:
            if re.search(r"\b" + table + r"\b", code):
                problems.append(f"{rel}: names {table}, which only {owner.rstrip('/')} may (use its functions)")
    return problems


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e'] (aliases and globs kept as their path)."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, t):
        depth, start, parts = 0, 0, []
        for i, ch in enumerate(t):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(t[start:i])
                start = i + 1
        parts.append(t[start:])
        for p in parts:
            if not p:
                continue
            m = re.match(r"^(.*?)(?:::)?\{(.*)\}$", p)
            if m:
                walk(prefix + ([m.group(1)] if m.group(1) else []), m.group(2))
            else:
                p = re.sub(r"\bas\b.*$", "", p)
                out.append("::".join(prefix + [p]).replace("::*", "").replace("::self", ""))

    walk([], tree)
    return out


class Crate:
    def __init__(self, src_dir, root_file):
        self.src = src_dir
        self.modules = {}  # module path tuple -> file
        self.collect((), os.path.join(src_dir, root_file))
        self.files = {f: m for m, f in self.modules.items()}

    def collect(self, path, file):
        self.modules[path] = file
        with open(file, encoding="utf-8") as fh:
            src = strip(fh.read())
        base = os.path.dirname(file)
        if path and not file.endswith("mod.rs"):
            base = os.path.join(base, os.path.splitext(os.path.basename(file))[0])
        for name in MOD_RE.findall(src):
            for cand in (os.path.join(base, name + ".rs"), os.path.join(base, name, "mod.rs")):
                if os.path.exists(cand):
                    self.collect(path + (name,), cand)
                    break

    def is_hub(self, module):
        f = self.modules[module]
        return module == () or f.endswith("mod.rs")

    def resolve(self, module, names, seen=()):
        """The file a path (from the crate root) points into."""
        names = list(names)
        cur = ()
        for i, n in enumerate(names):
            if cur + (n,) in self.modules:
                cur = cur + (n,)
            else:
                rest = names[i:]
                if self.is_hub(cur) and rest and (cur, rest[0]) not in seen:
                    target = self.reexport(cur, rest[0])
                    if target is not None:
                        return self.resolve(cur, target + rest[1:], seen + ((cur, rest[0]),))
                return self.modules[cur]
        return self.modules[cur]

    def reexport(self, module, name):
        """Where a hub module's `pub use` of `name` comes from, as a path from the crate root."""
        with open(self.modules[module], encoding="utf-8") as fh:
            src = strip(fh.read())
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", src):
            for p in expand_use(m.group(1)):
                parts = p.split("::")
                if parts[-1] == name:
                    return self.absolute(module, parts)
        return None

    def absolute(self, module, parts):
        parts = list(parts)
        if parts[0] == "crate":
            return parts[1:]
        base = list(module)
        if parts[0] == "self":
            parts = parts[1:]
        while parts and parts[0] == "super":
            base = base[:-1]
            parts = parts[1:]
        if parts and parts[0] in [m[-1] for m in self.modules if m[:-1] == tuple(base) and m]:
            return base + parts
        return base + parts if parts and parts[0] != "" else base

    def edges(self):
        graph = {}
        for module, file in self.modules.items():
            with open(file, encoding="utf-8") as fh:
                src = strip(fh.read())
            children = {m[-1] for m in self.modules if len(m) == len(module) + 1 and m[: len(module)] == module}
            paths = set(PATH_RE.findall(src))
            for use in USE_RE.findall(src):
                for p in expand_use(use):
                    if p.split("::")[0] in children:
                        paths.add("self::" + p)
            targets = set()
            for p in paths:
                parts = p.split("::")
                absolute = self.absolute(module, parts)
                target = self.resolve((), absolute)
                if target != file and target != self.modules[()]:
                    targets.add(target)
            graph[file] = targets
        return graph


def cycles(graph):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def problems_in(root):
    problems = []
    crates_dir = os.path.join(root, "crates")
    checked = 0
    for dirpath, _, filenames in os.walk(crates_dir):
        if "/target" in dirpath:
            continue
        for f in filenames:
            if f.endswith(".rs"):
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                checked += 1
                with open(path, encoding="utf-8") as fh:
                    src = fh.read()
                n = src.count("\n") + (1 if src and not src.endswith("\n") else 0)
                # The schema is a list of table declarations, one entry per table, read by lookup:
                # it grows with the tables and is not split.
                if n > MAX_LINES and rel != SCHEMA_FILE:
                    problems.append(f"{rel}: {n} lines (at most {MAX_LINES})")
                problems.extend(table_problems(rel, src))
    for crate in sorted(os.listdir(crates_dir)):
        src = os.path.join(crates_dir, crate, "src")
        for root_file in ("lib.rs", "main.rs"):
            if os.path.exists(os.path.join(src, root_file)):
                c = Crate(src, root_file)
                for comp in cycles(c.edges()):
                    problems.append(
                        f"import cycle in crates/{crate}: " + " <-> ".join(os.path.relpath(f, src) for f in comp)
                    )
    return problems, checked


def self_test():
    """The check fails a tree that breaks each rule: a cycle through a re-export, a long file, and
    tables named outside their owner (in code and in raw SQL; in comments, the owner and the schema
    they may be)."""
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        files = {
            "crates/demo/src/lib.rs": "mod card;\nmod score;\npub use card::Card;\n",
            "crates/demo/src/card.rs": "use crate::score::weight;\npub struct Card;\n",
            "crates/demo/src/score.rs": "pub fn weight(_: &crate::Card) -> u32 { 1 }\n" + "// filler\n" * MAX_LINES,
            "crates/demo/src/reads.rs": (
                "//! Reads `tutor_areas` through tuition (a comment may name it).\n"
                "use hometutor_db::schema::tuition_requests as tr;\n"
                'const URL: &str = "postgres://x"; // tutor_search_index in a comment after a string\n'
            ),
            "crates/demo/tests/seed.rs": 'fn f() { sql_query("VACUUM tutor_search_index"); }\n',
            "crates/tuition/src/lib.rs": "use hometutor_db::schema::{tuition_requests, tutor_areas};\n",
            "crates/db/src/lib.rs": "pub mod schema;\n",
            "crates/db/src/schema.rs": "diesel::table! { tuition_requests (id) { id -> BigInt, } }\n",
        }
        for name, text in files.items():
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        problems, _ = problems_in(root)
        assert any("import cycle in crates/demo: card.rs <-> score.rs" in p for p in problems), problems
        assert any("crates/demo/src/score.rs" in p and "lines" in p for p in problems), problems
        assert any(p.startswith("crates/demo/src/reads.rs: names tuition_requests") for p in problems), problems
        assert any(p.startswith("crates/demo/tests/seed.rs: names tutor_search_index") for p in problems), problems
        assert len(problems) == 4, problems


def main():
    self_test()
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    problems, checked = problems_in(root)
    if problems:
        print("\n".join(problems))
        print(f"STRUCTURE FAILED: {len(problems)} problem(s)")
        return 1
    print(
        f"STRUCTURE PASSED: {checked} Rust files, none over {MAX_LINES} lines, no import cycle, "
        "no table named outside its owner"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
