#!/usr/bin/env python3
"""Report uses of Apple-platform API newer than the platforms Package.swift declares.

Why: CI builds on Linux, where the compiler has no Apple SDK and does not enforce
`@available(macOS ..., iOS ...)`. A call to `String(validating:as:)` (macOS 15 / iOS 18) in a
package that declares macOS 14 / iOS 17 builds and passes every test on Linux and fails to
compile on a Mac. This script finds such uses from the sources alone, without a Mac.

Run from the package root:  python3 Scripts/check-availability.py  [--help for the options]
Output: one line per use, `path:line: API needs macOS 15.0 / iOS 18.0 (declared: macOS 14,
iOS 17)` (with `[library: ...]` when the file is in a library product), then a summary; or
one line saying nothing was found. Notes (what could not be read) go to stderr.
Exit status: 0 nothing found, 1 findings, 2 usage error (no Package.swift, a platform version
it cannot read, no toolchain or no interfaces).

What it reads
  * Package.swift: the declared platforms (`platforms: [.macOS(.v14), .iOS(.v17)]`; also
    `.v13_3` and `"14.0"`). Only the declared platforms are checked. Also the targets (name,
    path, exclude, sources) and library products, to know which files are built.
  * The toolchain's interfaces: every `<resource>/linux/*.swiftmodule/*.swiftinterface` but
    the `.private` copies, `<resource>` being `paths.runtimeResourcePath` of
    `swift -print-target-info` (the `swift` on PATH, else /opt/swift/usr/bin/swift). An
    `@available` attribute, short form `@available(macOS 15.0, iOS 18.0, *)` or long form
    `@available(macOS, introduced: 15.0)`, `@available(*, unavailable)`, applies to the
    declaration after it and, on a type or an extension, to its members; an extension's
    members also inherit the extended type's. `deprecated`-only and `swift` forms are ignored.
  * The dependencies' sources, `.build/checkouts/*` (or --checkouts; skipped with a note when
    missing): their public declarations and `@available` attributes, with the availability
    macros (`SwiftStdlib 6.0`, `AsyncAlgorithms 1.1`) their manifests define as literals.
  * The package's own Swift files, target by target (plugins and macros run on the host: not
    checked). Their declarations join the index, so a use of the package's own
    `@available(macOS 15, *)` function is checked like any other.

What is reported
  A use of a type, an initializer (type + argument labels), a function or method (base name +
  argument labels; defaults, variadics and trailing closures understood), a property
  (`.name`), a macro (`#name`), an attribute (`@Name`) or a regex literal (a `Regex`) when
  every declaration it could mean needs a newer OS than declared, on a declared platform that
  compiles the line. Comments and strings are skipped; interpolations are code.
  Candidates are found by name, so the rule errs towards silence: any candidate available at
  the minimum clears a use (`.withLock {` is not reported while an older `withLock(_:)`
  exists, in the toolchain, a dependency or the package). Unknown means not reported: a name
  matching nothing; a call of something the file binds itself (closure parameters, local
  constants and functions); an initializer the compiler synthesizes; an enum case pattern
  (its labels may be left out: any argument list matches a case). Type names count only from
  the modules the file imports (and what they re-export); members and functions from any.
  `import M` is reported when every declaration of M needs a newer OS (Synchronization),
  unless all of the file's uses of M are guarded (an import with no use at all is reported).

What counts as guarded (per platform: `if #available(macOS 15, *)` leaves iOS unguarded)
  * the rest of the condition and the body of `if #available(...)` / `while #available(...)`,
    and the `else` of `if #unavailable(...)`;
  * after `guard #available(...) else { ... }` to the end of the enclosing braces, and the
    `else` of `guard #unavailable(...)`;
  * a declaration marked `@available(macOS 15, iOS 18, *)` (or `@available(iOS, unavailable)`),
    its signature included and, for a type or extension, all of its members;
  * an `#if` branch that platform does not compile (`#if os(Linux)`, `#if canImport(Glibc)`);
    conditions it cannot decide (`DEBUG`, `compiler(...)`) count as compiled.

Known limits
  * Matching is by name and argument labels, without type checking: a use matching only newer
    declarations is reported even if the compiler would pick one the index does not know; a
    use matching an older declaration anywhere, even of an unrelated type, is not.
  * Foundation (FoundationEssentials, FoundationNetworking ...), Dispatch and XCTest are binary
    modules without a .swiftinterface on Linux: their availability is unknown. So that their
    members do not look like newer ones of the same name, a member or function name that
    appears in their compiled identifiers is not reported (this hides, for instance,
    `Atomic.add(_:ordering:)`, as Foundation has an `add`; the `Atomic` type is still reported).
  * Operators, subscripts, argument types and language features that need a newer runtime
    (parameterized protocol types used at run time, for instance) are not checked; `#if`
    conditions are read to the end of their first line.

The functions take the package root, the interface directories and the checkouts directory
as parameters, so that Scripts/test_check_availability.py can run them on fixtures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, Optional


class UsageError(Exception):
    """The script cannot run: no Package.swift, no platforms, no toolchain (exit status 2)."""


# MARK: - Versions and availability

# A version is a tuple of ints with trailing zeros dropped, so that 15 == 15.0 == 15.0.0.
NO_REQUIREMENT: tuple = ()
# Sorts above every real version: what `@available(macOS, unavailable)` requires.
UNAVAILABLE: tuple = (1 << 30,)

# Platform names as `@available`, `#available` and `os(...)` spell them, to the names used here.
PLATFORM_NAMES = {
    "macOS": "macOS", "OSX": "macOS", "iOS": "iOS", "macCatalyst": "macCatalyst",
    "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS", "xrOS": "visionOS",
    "driverKit": "driverKit", "DriverKit": "driverKit",
}


def parse_version(text: str) -> tuple:
    """'15.0' -> (15,), '10.14.4' -> (10, 14, 4), '13_3' (from `.v13_3`) -> (13, 3)."""
    parts = [int(p) for p in re.split(r"[._]", text) if p.isdigit()]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def platform_version(platform: str, text: str) -> tuple:
    """A version of `platform`; macOS 10.16 is the name macOS 11 has for older tools."""
    version = parse_version(text)
    return (11,) if platform == "macOS" and version[:2] == (10, 16) else version


def format_version(version: tuple) -> str:
    if version == UNAVAILABLE:
        return "(unavailable)"
    parts = list(version) + [0] * (2 - len(version))
    return ".".join(str(p) for p in parts)


def requirement(availability: dict, platform: str) -> tuple:
    """What a declaration needs on `platform`; `*` carries `@available(*, unavailable)`."""
    own = availability.get(platform, NO_REQUIREMENT)
    everywhere = availability.get("*", NO_REQUIREMENT)
    return everywhere if everywhere > own else own


def merge_availability(outer: dict, inner: dict) -> dict:
    """Nesting only ever raises a requirement: the larger version wins per platform."""
    if not outer:
        return inner
    if not inner:
        return outer
    merged = dict(outer)
    for platform, version in inner.items():
        if version > merged.get(platform, NO_REQUIREMENT):
            merged[platform] = version
    return merged


def parse_platform_list(text: str) -> dict:
    """'macOS 15.0, iOS 18.0, watchOS 11.0' (an availability macro's value) -> availability."""
    availability = {}
    for name, version in re.findall(r"([A-Za-z]+)\s+(\d[\d.]*)", text):
        platform = PLATFORM_NAMES.get(name)
        if platform:
            availability[platform] = platform_version(platform, version)
    return availability


# MARK: - Tokens

ID, NUM, STR, REGEX, OP, PUNCT, POUND, AT = "id", "num", "str", "regex", "op", "punct", "#", "@"


class Token(NamedTuple):
    kind: str      # ID NUM STR REGEX OP PUNCT POUND (`#if`, `#available`) AT (`@available`)
    text: str      # for STR the literal's text without interpolations; for AT without the @
    line: int      # 1-based line where the token starts
    spaced: bool   # whitespace or a comment precedes it


OPENERS = {"(": ")", "[": "]", "{": "}"}
# Builds a Token from a 4-tuple at C speed (the lexer makes millions of them).
_new_token_for = functools.partial(tuple.__new__, Token)

# One token per match, with the whitespace before it; group numbers are the token's kind.
# Everything that needs more than a regex (comments, strings, regex literals, a `/`) goes to
# group _SPECIAL and is handled by hand.
_TOKEN_RE = re.compile(r"""
    (\s*)                                           # 1: whitespace before the token
    (?:
        ([^\W\d]\w*)                                # 2: identifier or keyword
      | ([()\[\]{},:;\\]|\.(?!\.\.|\.<))            # 3: punctuation; a lone `.`
      | (0[xX][0-9a-fA-F_]+(?:\.[0-9a-fA-F_]+)?(?:[pP][+-]?\d+)?|0[bB][01_]+|0[oO][0-7_]+
         |\d[\d_]*(?:\.\d[\d_]*)*(?:[eE][+-]?\d[\d_]*)?)   # 4: number (`10.14.4` is one)
      | ([=\-+!*%<>&|^~?][/=\-+!*%<>&|^~?]*|\.\.\.|\.\.<)  # 5: operator not starting with /
      | (//|/\*|\#*"|\#+/|/)                        # 6: comment, string, regex or `/` operator
      | @([^\W\d]\w*)                               # 7: attribute
      | (\#[^\W\d]\w*)                              # 8: `#if`, `#available`, macro
      | `([^`\n]+)`|(\$\w+)                         # 9, 10: `quoted` identifier, $0
      | (.)                                         # 11: anything else
    )
""", re.VERBOSE | re.DOTALL)
_ID_GROUP, _PUNCT_GROUP, _NUM_GROUP, _OP_GROUP, _SPECIAL_GROUP = 2, 3, 4, 5, 6
_AT_GROUP, _POUND_GROUP, _QUOTED_GROUP, _DOLLAR_GROUP = 7, 8, 9, 10
_OPERATOR_RE = re.compile(r"[/=\-+!*%<>&|^~?]+")
_BLOCK_COMMENT_RE = re.compile(r"/\*|\*/|\n")
_STRING_SPECIAL_RE = re.compile(r'[\n"\\]')

# A bare `/regex/` literal can only start where an expression can: after these tokens.
_REGEX_AFTER_PUNCT = set("([{,:;")
_REGEX_AFTER_WORDS = {"return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw",
                      "else", "is", "some", "any", "repeat", "switch"}


# Declaration keywords, for skip_bodies: the last one before a `{` says whose body it is.
_BODY_OWNERS = frozenset({"func", "init", "deinit", "subscript", "var", "let", "case", "typealias",
                          "associatedtype", "precedencegroup", "operator", "macro", "import"})
_MEMBER_OWNERS = frozenset({"struct", "class", "enum", "protocol", "actor", "extension"})
_DECLARATION_WORDS = _BODY_OWNERS | _MEMBER_OWNERS


def tokenize(source: str, skip_bodies: bool = False) -> list:
    """The Swift tokens of `source`, without comments; each string literal is one STR token,
    followed by the code of its interpolations in parentheses; each regex literal one REGEX.

    With skip_bodies, a `{` not opened by a type or extension (a function's, a property's, a
    statement's) is followed directly by its `}`: what is inside is found by a brace count that
    still skips strings and comments, several times faster. Enough to read declarations
    (interfaces, dependencies); the package's own files are read whole."""
    tokens: list = []
    _lex(source, 0, 1, tokens, in_interpolation=False, skip_bodies=skip_bodies)
    return tokens


def _lex(src: str, pos: int, line: int, tokens: list, in_interpolation: bool, skip_bodies: bool = False):
    """Lexes from `pos`; inside an interpolation, stops after the `)` that closes it.
    Returns (position, line) where it stopped. (The hot loop of the script: kept flat.)"""
    n = len(src)
    depth = 0  # parentheses opened inside this interpolation
    after_comment = False
    owner = None  # with skip_bodies: the last declaration keyword since the last { } or ;
    match = _TOKEN_RE.match
    append = tokens.append
    new = _new_token_for
    while pos < n:
        m = match(src, pos)
        if m is None:  # only whitespace left
            break
        space = m.group(1)
        if space:
            line += space.count("\n")
        spaced = after_comment or bool(space)
        after_comment = False
        group = m.lastindex
        text = m.group(group)
        if group == _ID_GROUP:
            append(new((ID, text, line, spaced)))
            if skip_bodies and text in _DECLARATION_WORDS:
                owner = text
        elif group == _PUNCT_GROUP:
            if skip_bodies and text in "{};":
                if text == "{" and owner not in _MEMBER_OWNERS:
                    append(new((PUNCT, "{", line, spaced)))
                    close = _matching_brace(src, m.end())
                    line += src.count("\n", m.end(), close)
                    append(new((PUNCT, "}", line, True)))
                    pos = close + 1
                    owner = None
                    continue
                owner = None
            if in_interpolation:
                if text == "(":
                    depth += 1
                elif text == ")":
                    if depth == 0:
                        return m.end(), line
                    depth -= 1
            append(new((PUNCT, text, line, spaced)))
        elif group == _OP_GROUP:
            cut = text.find("/")  # `a +// comment`: the operator stops where a comment starts
            if cut > 0 and text[cut:cut + 2] in ("//", "/*"):
                text = text[:cut]
                append(new((OP, text, line, spaced)))
                pos = m.start(group) + cut
                continue
            append(new((OP, text, line, spaced)))
        elif group == _NUM_GROUP:
            append(new((NUM, text, line, spaced)))
        elif group == _SPECIAL_GROUP:
            start = m.start(group)
            if text == "//":
                end = src.find("\n", start)
                pos = n if end < 0 else end
                after_comment = True
                continue
            if text == "/*":
                pos, line = _skip_block_comment(src, start, line)
                after_comment = True
                continue
            if text[-1] == '"':
                pos, line = _lex_string(src, start, line, tokens, spaced)
                continue
            if text[0] == "#":
                pos, line = _lex_extended_regex(src, start, line, len(text) - 1, tokens, spaced)
                continue
            end = _bare_regex_end(src, start, tokens)
            if end is not None:
                append(new((REGEX, src[start + 1:end - 1], line, spaced)))
                pos = end
                continue
            operator = _OPERATOR_RE.match(src, start).group()
            cut = operator.find("/", 1)
            if cut > 0 and operator[cut:cut + 2] in ("//", "/*"):
                operator = operator[:cut]
            append(new((OP, operator, line, spaced)))
            pos = start + len(operator)
            continue
        elif group == _AT_GROUP:
            append(new((AT, text, line, spaced)))
        elif group == _POUND_GROUP:
            append(new((POUND, text, line, spaced)))
        elif group == _QUOTED_GROUP or group == _DOLLAR_GROUP:
            append(new((ID, text, line, spaced)))
        # group 11 (a lone `#`, a non-ASCII symbol) carries nothing this script needs.
        pos = m.end()
    return pos, line


_BODY_SPECIAL_RE = re.compile(r'[{}"#/]')


def _matching_brace(src: str, pos: int) -> int:
    """The position of the `}` closing the `{` just before `pos`, counting braces outside
    strings and comments (a bare `/regex/` is recognised from the character before it)."""
    depth = 1
    n = len(src)
    search = _BODY_SPECIAL_RE.search
    scratch: list = []
    i = pos
    while True:
        m = search(src, i)
        if m is None:
            return n - 1
        j = m.start()
        c = src[j]
        if c == "{":
            depth += 1
            i = j + 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return j
            i = j + 1
        elif c == '"':
            i, _ = _lex_string(src, j, 0, scratch, False)
        elif c == "#":
            k = j
            while k < n and src[k] == "#":
                k += 1
            if k < n and src[k] == '"':
                i, _ = _lex_string(src, j, 0, scratch, False)
            elif k < n and src[k] == "/":
                i, _ = _lex_extended_regex(src, j, 0, k - j, scratch, False)
            else:
                i = k
        else:  # "/"
            following = src[j + 1:j + 2]
            if following == "/":
                end = src.find("\n", j)
                i = n if end < 0 else end
            elif following == "*":
                i, _ = _skip_block_comment(src, j, 0)
            else:
                k = j - 1
                while k >= 0 and src[k] in " \t":
                    k -= 1
                before = src[k] if k >= 0 else "\n"
                end = _bare_regex_end(src, j, []) if before in "([{,:;=\n" else None
                i = end if end is not None else j + 1
        del scratch[:]


def _skip_block_comment(src: str, pos: int, line: int):
    """Swift block comments nest."""
    depth = 0
    for m in _BLOCK_COMMENT_RE.finditer(src, pos):
        text = m.group()
        if text == "\n":
            line += 1
        elif text == "/*":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return m.end(), line
    return len(src), line


def _lex_string(src: str, pos: int, line: int, tokens: list, spaced: bool):
    """A string literal at `pos` (`"`, `\"\"\"`, `#"`, `##\"\"\"` ...): one STR token, then each
    interpolation's tokens between `(` and `)`. Returns (position after it, line)."""
    n = len(src)
    pounds = 0
    while src[pos + pounds] == "#":
        pounds += 1
    quote = pos + pounds
    multiline = src.startswith('"""', quote)
    close = ('"""' if multiline else '"') + "#" * pounds
    escape = "\\" + "#" * pounds
    i = quote + (3 if multiline else 1)
    string_token_index = len(tokens)
    tokens.append(Token(STR, "", line, spaced))
    start_line = line
    pieces = []
    piece_start = i
    while i < n:
        m = _STRING_SPECIAL_RE.search(src, i)
        if m is None:
            i = n
            break
        i = m.start()
        c = src[i]
        if c == "\n":
            if not multiline:  # unterminated: stop at the end of the line
                break
            line += 1
            i += 1
            continue
        if c == "\\" and src.startswith(escape, i):
            j = i + len(escape)
            if j < n and src[j] == "(":
                pieces.append(src[piece_start:i])
                tokens.append(Token(PUNCT, "(", line, False))
                i, line = _lex(src, j + 1, line, tokens, in_interpolation=True)
                tokens.append(Token(PUNCT, ")", line, False))
                piece_start = i
                continue
            if j < n and src[j] == "\n":  # a multi-line string's line continuation
                line += 1
            i = j + 1
            continue
        if c == '"' and src.startswith(close, i):
            pieces.append(src[piece_start:i])
            tokens[string_token_index] = Token(STR, "".join(pieces), start_line, spaced)
            return i + len(close), line
        i += 1
    pieces.append(src[piece_start:i])
    tokens[string_token_index] = Token(STR, "".join(pieces), start_line, spaced)
    return i, line


def _lex_extended_regex(src: str, pos: int, line: int, pounds: int, tokens: list, spaced: bool):
    """`#/ ... /#` (any number of #), possibly over several lines: one STR token."""
    close = "/" + "#" * pounds
    start = pos + pounds + 1
    end = src.find(close, start)
    end = len(src) if end < 0 else end
    tokens.append(Token(REGEX, src[start:end], line, spaced))
    return min(len(src), end + len(close)), line + src.count("\n", pos, end)


def _bare_regex_end(src: str, pos: int, tokens: list) -> Optional[int]:
    """If the `/` at `pos` starts a bare regex literal (`firstMatch(of: /x(\\d+)/)`), the position
    after its closing `/`; else None (division). Swift's rule, simplified: it starts where an
    expression can, does not start or end with a space, and ends on the same line."""
    if pos + 1 >= len(src) or src[pos + 1] in " \t\n/*=":
        return None
    prev = tokens[-1] if tokens else None
    allowed = (prev is None
               or (prev.kind == PUNCT and prev.text in _REGEX_AFTER_PUNCT)
               or (prev.kind == OP and prev.text not in ("?", "!"))
               or (prev.kind == ID and prev.text in _REGEX_AFTER_WORDS))
    if not allowed:
        return None
    i = pos + 1
    in_class = False
    while i < len(src):
        c = src[i]
        if c == "\n":
            return None
        if c == "\\":
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            return None if src[i - 1] in " \t" else i + 1
        i += 1
    return None


def match_brackets(tokens: list):
    """For each token, the index of its partner bracket (-1 if it has none), and the index of
    the innermost `{` enclosing it (-1 at file level). An unclosed bracket pairs with the last
    token, a stray closer with nothing: a lexing surprise then costs one scope, not the file."""
    n = len(tokens)
    partner = [-1] * n
    enclosing_brace = [-1] * n
    stack: list = []
    braces: list = []
    for i, t in enumerate(tokens):
        enclosing_brace[i] = braces[-1] if braces else -1
        if t.kind != PUNCT:
            continue
        text = t.text
        if text in OPENERS:
            stack.append(i)
            if text == "{":
                braces.append(i)
        elif text in (")", "]", "}"):
            # Pop to the matching opener; a mismatched closer is ignored.
            for depth in range(len(stack) - 1, -1, -1):
                if OPENERS[tokens[stack[depth]].text] == text:
                    for opener in reversed(stack[depth:]):
                        if tokens[opener].text == "{" and braces and braces[-1] == opener:
                            braces.pop()
                    opener = stack[depth]
                    del stack[depth:]
                    partner[opener] = i
                    partner[i] = opener
                    break
    for opener in stack:
        partner[opener] = n - 1
    return partner, enclosing_brace


# MARK: - Conditional compilation

# What `canImport(X)` answers on Apple platforms; modules not listed are undecided.
_APPLE_ONLY = {"Darwin": True, "Glibc": False, "Musl": False, "Android": False, "Bionic": False,
               "WinSDK": False, "ucrt": False, "WASILibc": False, "CRT": False}


def _can_import(module: str, platform: str) -> Optional[bool]:
    if module in _APPLE_ONLY:
        return _APPLE_ONLY[module]
    if module == "UIKit":
        return platform in ("iOS", "tvOS", "visionOS", "macCatalyst")
    if module == "AppKit":
        return platform == "macOS"
    return None


def evaluate_condition(tokens: list, platform: str) -> Optional[bool]:
    """An `#if` condition for one platform: True, False, or None when it cannot be decided
    (`DEBUG`, `compiler(>=6)`, `arch(...)`), which counts as possibly compiled."""
    parts: list = []
    for t in tokens:
        if t.kind == OP:
            parts.extend(re.findall(r"&&|\|\||!|[^&|!]+", t.text))
        else:
            parts.append(t.text)
    position = 0

    def peek():
        return parts[position] if position < len(parts) else None

    def take():
        nonlocal position
        position += 1
        return parts[position - 1]

    def either(values):  # three-valued `||`
        return True if True in values else (None if None in values else False)

    def both(values):  # three-valued `&&`
        return False if False in values else (None if None in values else True)

    def or_expr():
        values = [and_expr()]
        while peek() == "||":
            take()
            values.append(and_expr())
        return either(values)

    def and_expr():
        values = [unary()]
        while peek() == "&&":
            take()
            values.append(unary())
        return both(values)

    def unary():
        if peek() == "!":
            take()
            value = unary()
            return None if value is None else not value
        return primary()

    def primary():
        word = take() if peek() is not None else None
        if word == "(":
            value = or_expr()
            if peek() == ")":
                take()
            return value
        argument = []
        if peek() == "(":
            take()
            depth = 1
            while peek() is not None and depth:
                part = take()
                depth += {"(": 1, ")": -1}.get(part, 0)
                if depth:
                    argument.append(part)
        if word == "os" and argument:
            name = PLATFORM_NAMES.get(argument[0], argument[0])
            return name == ("iOS" if platform == "macCatalyst" else platform)
        if word == "canImport" and argument:
            return _can_import(argument[0], platform)
        if word in ("true", "false"):
            return word == "true"
        return None

    try:
        return or_expr()
    except IndexError:
        return None


def resolve_conditional_compilation(tokens: list, platforms: Optional[tuple]):
    """Drops `#if` lines and the branches no given platform compiles.

    Returns (tokens, masks): masks[i] is the frozenset of platforms that compile tokens[i].
    With platforms=None every branch is kept (interfaces and dependencies declare the same API
    in each branch; the walker only needs the directives out of the way)."""
    everywhere = frozenset(platforms) if platforms is not None else frozenset({"*"})
    kept: list = []
    masks: list = []
    frames: list = []  # [mask outside the #if, {platform: no earlier branch was surely taken}]
    mask = everywhere
    i, n = 0, len(tokens)
    while i < n:
        t = tokens[i]
        if t.kind == POUND and t.text in ("#if", "#elseif", "#else", "#endif"):
            j = i + 1
            if t.text in ("#if", "#elseif"):
                while j < n and tokens[j].line == t.line:
                    j += 1
            if platforms is not None:
                mask = _next_branch_mask(t.text, tokens[i + 1:j], frames, mask)
            i = j
            continue
        if mask:
            kept.append(t)
            masks.append(mask)
        i += 1
    return kept, masks


def _next_branch_mask(directive: str, condition: list, frames: list, mask: frozenset) -> frozenset:
    if directive == "#endif":
        return frames.pop()[0] if frames else mask
    if directive == "#if":
        frames.append([mask, {p: True for p in mask}])
    if not frames:
        return mask
    outer, still_open = frames[-1]
    active = set()
    for platform in outer:
        if not still_open[platform]:
            continue
        value = True if directive == "#else" else evaluate_condition(condition, platform)
        if value is not False:
            active.add(platform)
        if value is True:
            still_open[platform] = False
    return frozenset(active)


# MARK: - Availability attributes

_LONG_FORM_KEYS = {"introduced", "deprecated", "obsoleted", "unavailable", "message", "renamed", "noasync"}


def _split_arguments(tokens: list) -> list:
    """The tokens of an argument list, split at top-level commas."""
    groups, current, depth = [], [], 0
    for t in tokens:
        if t.kind == PUNCT and t.text in OPENERS:
            depth += 1
        elif t.kind == PUNCT and t.text in (")", "]", "}"):
            depth -= 1
        if depth == 0 and t.kind == PUNCT and t.text == ",":
            groups.append(current)
            current = []
        else:
            current.append(t)
    if current:
        groups.append(current)
    return groups


def parse_availability(tokens: list, macros: dict) -> Optional[dict]:
    """The arguments of `@available(...)` or `#available(...)` as {platform: version}; None when
    they say nothing about a platform's minimum (`deprecated`-only, `swift 5`, unknown macro)."""
    groups = [g for g in _split_arguments(tokens) if g]
    if not groups:
        return None
    keys = {g[0].text for g in groups[1:]}
    if len(groups[0]) == 1 and keys & _LONG_FORM_KEYS:
        # Long form: `@available(macOS, introduced: 15.0)`, `@available(*, unavailable)`.
        name = groups[0][0].text
        platform = "*" if name == "*" else PLATFORM_NAMES.get(name)
        if platform is None:  # swift, _PackageDescription, macOSApplicationExtension, OpenBSD
            return None
        for group in groups[1:]:
            if group[0].text == "unavailable":
                return {platform: UNAVAILABLE}
            if group[0].text == "introduced" and len(group) >= 3 and group[2].kind == NUM:
                return {platform: platform_version(platform, group[2].text)} if platform != "*" else None
        return None
    availability: dict = {}
    for group in groups:
        name = group[0].text
        if name == "*":
            continue
        version = group[1].text if len(group) > 1 and group[1].kind == NUM else None
        platform = PLATFORM_NAMES.get(name)
        if platform and version:
            availability = merge_availability(availability, {platform: platform_version(platform, version)})
            continue
        macro = macros.get(f"{name} {version}" if version else name)
        if macro:  # `@available(SwiftStdlib 6.0, *)`: a dependency's availability macro
            availability = merge_availability(availability, macro)
    return availability or None


# MARK: - Declarations

# Words that may precede a declaration keyword.
MODIFIERS = frozenset("""
    public open internal fileprivate private package static class final override required
    convenience mutating nonmutating lazy weak unowned optional dynamic indirect prefix postfix
    infix nonisolated distributed consuming borrowing __consuming
""".split())
ACCESS_PUBLIC = frozenset({"public", "open"})
ACCESS_HIDDEN = frozenset({"private", "fileprivate", "internal", "package"})
TYPE_KEYWORDS = frozenset({"struct", "class", "enum", "protocol", "actor"})
DECL_KEYWORDS = TYPE_KEYWORDS | {"extension", "func", "init", "deinit", "subscript", "var", "let",
                                 "case", "typealias", "associatedtype", "macro", "operator",
                                 "precedencegroup", "import"}
# Keywords every use of which is a keyword; the others are also ordinary identifiers
# (`actor`, `macro`, `open`, `package` ...) and start a declaration only before a name.
_HARD_KEYWORDS = frozenset({"func", "var", "let", "struct", "class", "enum", "protocol", "extension",
                            "init", "deinit", "subscript", "typealias", "associatedtype", "import",
                            "case", "operator", "precedencegroup", "public", "private",
                            "fileprivate", "internal", "static"})
# Declarations that end with their line unless the next line continues the expression.
_LINE_DECLARATIONS = frozenset({"var", "let", "typealias", "associatedtype", "case", "macro"})


@dataclass(eq=False)
class Decl:
    kind: str                   # "type", "func", "init", "var", "case", "macro"; "label" of a tuple
    name: str                   # base name; "init" for initializers
    container: Optional[str]    # the enclosing or extended type's name, None at top level
    params: Optional[tuple]     # ((label or None, optional, variadic), ...) for callables
    availability: dict          # {platform: version}, own and inherited
    module: str
    origin: str                 # "toolchain", "dependency" or "package"
    type_kind: str = ""         # struct, class, enum, protocol, actor, typealias, associatedtype
    extended: Optional[str] = None  # for a direct member of an extension: the extended type


@dataclass
class _Scope:
    container: Optional[str]
    kind: str               # "file", "extension" or a type keyword
    availability: dict
    visible: bool           # can code outside the module see the scope's members at all
    members_public: bool    # protocol requirements, members of `public extension`
    close: int              # index of the closing brace; -1 for the file
    extended: Optional[str] = None


def starts_declaration(tokens: list, j: int) -> bool:
    t = tokens[j]
    if t.kind == AT:
        return True
    if t.kind != ID or (t.text not in DECL_KEYWORDS and t.text not in MODIFIERS):
        return False
    if t.text in _HARD_KEYWORDS:
        return True
    following = tokens[j + 1] if j + 1 < len(tokens) else None
    return following is not None and (following.kind == ID or (following.text == "(" and not following.spaced))


def declares_class(tokens: list, j: int) -> bool:
    """`class Foo` declares a type; in `class func`, `class var`, `class` is a modifier."""
    if tokens[j].text != "class":
        return False
    following = tokens[j + 1] if j + 1 < len(tokens) else None
    return following is not None and following.kind == ID and following.text not in DECL_KEYWORDS \
        and following.text not in MODIFIERS


def _continues_expression(tokens: list, j: int) -> bool:
    """Whether tokens[j], first on its line, continues the previous line's expression or header.
    A line ending in `?`, `!` or a generic clause's `>` (`-> Array<Int>`) is complete."""
    prev, t = tokens[j - 1], tokens[j]
    if prev.kind == OP and (prev.text == "->" or not prev.text.endswith(("?", "!", ">"))):
        return True
    if prev.kind == PUNCT and prev.text in (",", ":", ".", "\\"):
        return True
    if t.kind == OP and t.text not in ("!",):
        return True
    return t.kind == PUNCT and t.text in (".", "{")


def declaration_end(tokens: list, partner: list, start: int, keyword: str):
    """Where the declaration whose header continues at `start` ends.

    Returns (body, last): body is the index of its `{` (a type's members, a function's code, a
    property's accessors or initializer closure) or None; last is the index of its last token.
    A header ends at its body, at a `}` or `;`, at a line that starts another declaration, or
    (properties, aliases, cases) at a line that does not continue the expression."""
    n = len(tokens)
    line_ends = keyword in _LINE_DECLARATIONS
    j = start
    while j < n:
        t = tokens[j]
        if j > 0 and t.line != tokens[j - 1].line and not _continues_expression(tokens, j):
            if line_ends or starts_declaration(tokens, j):
                return None, j - 1
        if t.kind == PUNCT:
            if t.text == "{":
                return j, partner[j]
            if t.text in ("}", ";", ")", "]"):
                return None, j - 1
            if t.text in ("(", "["):
                j = partner[j] + 1
                continue
        j += 1
    return None, n - 1


def tuple_labels(tokens: list, partner: list, first: int, last: int) -> list:
    """The element labels of the parenthesized lists opened between tokens[first] and
    tokens[last] (`(seconds: Int64, attoseconds: Int64)` -> seconds, attoseconds)."""
    labels = []
    for k in range(first, min(last + 1, len(tokens))):
        if tokens[k].kind != PUNCT or tokens[k].text != "(":
            continue
        close = partner[k]
        j = k + 1
        while j < close:  # j: the start of an element
            if j + 1 < close and tokens[j].kind == ID and tokens[j + 1].kind == PUNCT and tokens[j + 1].text == ":":
                labels.append(tokens[j].text)
            while j < close and not (tokens[j].kind == PUNCT and tokens[j].text == ","):
                j = partner[j] + 1 if tokens[j].kind == PUNCT and tokens[j].text in OPENERS else j + 1
            j += 1
    return labels


def skip_generic_clause(tokens: list, partner: list, j: int) -> int:
    """If tokens[j] opens `<...>` (a generic clause or arguments), the index after it; else j.
    `>>` closes two levels; a token no generic clause contains means it was a comparison."""
    # `init?<T>` lexes as `init`, `?<`, `T`, `>`.
    if j >= len(tokens) or tokens[j].kind != OP or not tokens[j].text.lstrip("?!").startswith("<"):
        return j
    depth = 0
    k = j
    while k < len(tokens) and k < j + 200:
        t = tokens[k]
        if t.kind == OP:
            if t.text == "->":
                k += 1
                continue
            if set(t.text) <= set("<>?!&.~"):
                depth += t.text.count("<") - t.text.count(">")
                if depth <= 0:
                    return k + 1
            else:
                return j
        elif t.kind == PUNCT:
            if t.text in ("(", "["):
                k = partner[k] + 1
                continue
            if t.text in ("{", "}", ";", ")", "]"):
                return j
        elif t.kind in (STR, REGEX):
            return j
        k += 1
    return j


class DeclarationWalker:
    """Collects the declarations of one file: types, extensions' and types' members, their
    parameters' labels, and their availability (own, and inherited from enclosing types).

    Function bodies are skipped whole, so local declarations are not collected. With
    public_only, only what another module can use is kept (interfaces, dependencies)."""

    def __init__(self, tokens: list, module: str, origin: str, macros: dict, public_only: bool,
                 partner: Optional[list] = None):
        self.tokens = tokens
        self.partner = partner if partner is not None else match_brackets(tokens)[0]
        self.module = module
        self.origin = origin
        self.macros = macros
        self.public_only = public_only
        self.decls: list = []
        self.member_braces: set = set()  # the `{` of each type and extension body

    def walk(self) -> list:
        tokens, n = self.tokens, len(self.tokens)
        scopes = [_Scope(None, "file", {}, True, False, -1)]
        attributes: dict = {}
        modifiers: set = set()
        i = 0
        while i < n:
            if len(scopes) > 1 and i >= scopes[-1].close:
                # The type's or extension's closing brace (or, after a malformed header, past it).
                if i == scopes[-1].close:
                    i += 1
                scopes.pop()
                attributes, modifiers = {}, set()
                continue
            t = tokens[i]
            if t.kind == AT:
                i = self._attribute(i, attributes)
                continue
            if t.kind == ID:
                if t.text in MODIFIERS and not declares_class(tokens, i):
                    modifiers.add(t.text)
                    i += 1
                    if i < n and tokens[i].text == "(" and not tokens[i].spaced:  # private(set)
                        i = self.partner[i] + 1
                    continue
                if t.text in DECL_KEYWORDS and (t.text in _HARD_KEYWORDS or starts_declaration(tokens, i)):
                    i = self._declaration(i, attributes, modifiers, scopes)
                    attributes, modifiers = {}, set()
                    continue
            if t.kind == PUNCT and t.text in OPENERS:
                i = self.partner[i] + 1  # statements (top-level code): nothing declared inside
            else:
                i += 1
            attributes, modifiers = {}, set()
        return self.decls

    # Pieces of a declaration

    def _attribute(self, i: int, attributes: dict) -> int:
        tokens = self.tokens
        j = i + 1
        if j < len(tokens) and tokens[j].text == "(" and tokens[j].kind == PUNCT and not tokens[j].spaced:
            if tokens[i].text == "available":
                parsed = parse_availability(tokens[j + 1:self.partner[j]], self.macros)
                if parsed:
                    attributes.update(merge_availability(attributes, parsed))
            j = self.partner[j] + 1
        return j

    def _visible(self, modifiers: set, kind: str, scope: _Scope) -> bool:
        if not self.public_only:
            return True
        if not scope.visible:
            return False
        if modifiers & ACCESS_PUBLIC:
            return True
        if modifiers & ACCESS_HIDDEN:
            return False
        if kind == "case":
            return scope.kind == "enum"  # an enum's cases have the enum's access
        return scope.members_public

    def _record(self, kind, name, scope, params, availability, type_kind=""):
        self.decls.append(Decl(kind, name, scope.container, params, availability, self.module,
                               self.origin, type_kind, scope.extended))

    def _record_tuple_labels(self, first: int, last: int, availability: dict) -> None:
        """`var components: (seconds: Int64, attoseconds: Int64)`: `x.components.attoseconds`
        names a tuple element, not a member; the labels join the index as members, so that a
        newer member of the same name (Duration.attoseconds) is not assumed."""
        for label in tuple_labels(self.tokens, self.partner, first, last):
            self.decls.append(Decl("label", label, None, None, availability, self.module, self.origin))

    def _declaration(self, i: int, attributes: dict, modifiers: set, scopes: list) -> int:
        tokens, partner = self.tokens, self.partner
        keyword = tokens[i].text
        scope = scopes[-1]
        availability = merge_availability(scope.availability, dict(attributes))
        visible = self._visible(modifiers, keyword if keyword == "case" else "member", scope)
        n = len(tokens)
        name_token = tokens[i + 1] if i + 1 < n else None

        if keyword in TYPE_KEYWORDS:
            if name_token is None or name_token.kind != ID:
                return i + 1
            body, last = declaration_end(tokens, partner, i + 2, keyword)
            if visible:
                self._record("type", name_token.text, scope, None, availability, keyword)
            if body is None:
                return last + 1
            scopes.append(_Scope(name_token.text, keyword, availability, visible,
                                 members_public=keyword == "protocol" and visible, close=partner[body]))
            self.member_braces.add(body)
            return body + 1

        if keyword == "extension":
            j, path = i + 1, []
            while j < n and tokens[j].kind == ID:
                path.append(tokens[j].text)
                j += 1
                if j < n and tokens[j].text == "." and tokens[j].kind == PUNCT:
                    j += 1
                else:
                    break
            body, last = declaration_end(tokens, partner, j, keyword)
            if body is None or not path:
                return last + 1
            scopes.append(_Scope(path[-1], "extension", dict(attributes), True,
                                 members_public=bool(modifiers & ACCESS_PUBLIC), close=partner[body],
                                 extended=path[-1]))
            self.member_braces.add(body)
            return body + 1

        if keyword in ("func", "init", "subscript", "macro"):
            return self._callable(i, keyword, scope, availability, visible)

        if keyword in ("var", "let"):
            body, last = declaration_end(tokens, partner, i + 2, keyword)
            if name_token is not None and name_token.kind == ID and visible:
                self._record("var", name_token.text, scope, None, availability)
                self._record_tuple_labels(i + 2, body if body is not None else last, availability)
            return (partner[body] if body is not None else last) + 1

        if keyword == "case":
            return self._enum_cases(i, scope, availability, visible)

        if keyword in ("typealias", "associatedtype"):
            body, last = declaration_end(tokens, partner, i + 2, keyword)
            if name_token is not None and name_token.kind == ID and visible:
                self._record("type", name_token.text, scope, None, availability, keyword)
            return last + 1

        if keyword in ("import", "operator"):  # one line each
            j = i + 1
            while j < n and tokens[j].line == tokens[i].line:
                j += 1
            return j

        # deinit, precedencegroup: skip the header and the body
        body, last = declaration_end(tokens, partner, i + 1, keyword)
        return (partner[body] if body is not None else last) + 1

    def _callable(self, i: int, keyword: str, scope: _Scope, availability: dict, visible: bool) -> int:
        tokens, partner, n = self.tokens, self.partner, len(self.tokens)
        j = i + 1
        name = keyword
        if keyword in ("func", "macro"):
            if j >= n:
                return j
            name = tokens[j].text if tokens[j].kind == ID else None  # None: an operator
            j += 1
        elif keyword == "init" and j < n and tokens[j].kind == OP and tokens[j].text in ("?", "!"):
            j += 1  # init?( / init!(; `init?<T>(` is one `?<` token, a generic clause below
        j = skip_generic_clause(tokens, partner, j)
        params = None
        if j < n and tokens[j].kind == PUNCT and tokens[j].text == "(":
            params = self._parameters(j, keyword)
            j = partner[j] + 1
        body, last = declaration_end(tokens, partner, j, keyword)
        if name and keyword != "subscript" and params is not None and visible:
            kind = {"init": "init", "macro": "macro"}.get(keyword, "func")
            self._record(kind, name, scope, params, availability)
        if visible:  # the result type's tuple labels
            self._record_tuple_labels(j, body if body is not None else last, availability)
        return (partner[body] if body is not None else last) + 1

    def _parameters(self, open_index: int, keyword: str) -> tuple:
        """((external label or None, has a default, variadic), ...) of a parameter list or an
        enum case's payload."""
        tokens, partner = self.tokens, self.partner
        close = partner[open_index]
        segments: list = [[]]
        angle = 0
        j = open_index + 1
        while j < close:
            t = tokens[j]
            if t.kind == OP and t.text != "->" and set(t.text) <= set("<>?!"):
                angle = max(0, angle + t.text.count("<") - t.text.count(">"))
            if t.kind == PUNCT and t.text == "," and angle == 0:
                segments.append([])
            else:
                segments[-1].append(t)
            j = partner[j] + 1 if t.kind == PUNCT and t.text in OPENERS else j + 1
        params = []
        for segment in segments:
            if not segment:
                continue
            colon = next((k for k, t in enumerate(segment) if t.kind == PUNCT and t.text == ":"), None)
            names = [t.text for t in segment[:colon] if t.kind == ID] if colon is not None else []
            if keyword == "subscript":
                label = names[0] if len(names) == 2 else None
            else:
                label = names[0] if names else None
            if label == "_":
                label = None
            rest = segment[colon + 1:] if colon is not None else segment
            optional = any(t.kind == OP and t.text == "=" for t in rest)
            variadic = any(t.kind == OP and t.text == "..." for t in rest)
            params.append((label, optional or variadic, variadic))
        return tuple(params)

    def _enum_cases(self, i: int, scope: _Scope, availability: dict, visible: bool) -> int:
        """`case a, b(x: Int), c = 3`."""
        tokens, partner, n = self.tokens, self.partner, len(self.tokens)
        j = i + 1
        while j < n and tokens[j].kind == ID:
            name = tokens[j].text
            j += 1
            params = None
            if j < n and tokens[j].kind == PUNCT and tokens[j].text == "(":
                params = self._parameters(j, "case")
                j = partner[j] + 1
            if visible:
                self._record("case", name, scope, params, availability)
            while j < n and tokens[j].line == tokens[j - 1].line and tokens[j].text not in (",", "}", ";"):
                j = partner[j] + 1 if tokens[j].kind == PUNCT and tokens[j].text in OPENERS else j + 1
            if j < n and tokens[j].kind == PUNCT and tokens[j].text == ",":
                j += 1
                continue
            break
        return j


# MARK: - The index

# The container of the package's names that only shadow: local types, generic parameters.
LOCAL = "(local)"

# Imported into every Swift file.
IMPLICIT_MODULES = ("Swift", "_Concurrency", "_StringProcessing", "SwiftOnoneSupport")
_REEXPORT_RE = re.compile(r"^[ \t]*@_exported[ \t]+(?:(?:public|package|internal)[ \t]+)?import[ \t]+"
                          r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?(\w+)", re.M)

class AvailabilityIndex:
    """Every declaration the checked code could refer to, by name."""

    def __init__(self):
        self.decls: list = []
        self.types = defaultdict(list)      # name -> type declarations (any container)
        self.callables = defaultdict(list)  # base name -> functions, properties, cases, macros
        self.inits = defaultdict(list)      # type name -> initializers
        self.protocols: set = set()
        self.module_names: set = set()
        self.toolchain_modules: set = set()
        self.reexports = defaultdict(set)   # module -> modules it `@_exported import`s

    def visible_modules(self, module: str, imports) -> set:
        """The modules whose top-level names a file of `module` with these imports can use:
        its own, the implicit ones, its imports, and what they re-export."""
        pending = [module, *IMPLICIT_MODULES, *imports]
        seen: set = set()
        while pending:
            name = pending.pop()
            if name not in seen:
                seen.add(name)
                pending.extend(self.reexports.get(name, ()))
        return seen

    def add(self, decls: list) -> None:
        for d in decls:
            self.decls.append(d)
            self.module_names.add(d.module)
            if d.origin == "toolchain":
                self.toolchain_modules.add(d.module)
            if d.kind == "type":
                self.types[d.name].append(d)
                if d.type_kind == "protocol":
                    self.protocols.add(d.name)
            elif d.kind == "init":
                self.inits[d.container].append(d)
            else:
                self.callables[d.name].append(d)

    def finish(self) -> None:
        """Members of an extension inherit the extended type's availability: the type of that
        name in the extension's module, else the toolchain's or dependencies' (all of them must
        agree for a platform to be inherited)."""
        for d in self.decls:
            if d.extended is None:
                continue
            named = self.types.get(d.extended, ())
            owners = [o for o in named if o.module == d.module and o.container != LOCAL] or \
                     [o for o in named if o.origin != "package" and o.container is None]
            if not owners:
                continue
            platforms = set().union(*(o.availability.keys() for o in owners))
            inherited = {}
            for platform in platforms:
                version = min(requirement(o.availability, platform) for o in owners)
                if version:
                    inherited[platform] = version
            if inherited:
                d.availability = merge_availability(inherited, d.availability)

    def protocol_inits(self) -> list:
        if not hasattr(self, "_protocol_inits"):
            self._protocol_inits = [d for p in sorted(self.protocols) for d in self.inits.get(p, ())]
        return self._protocol_inits

    def annotated_count(self) -> int:
        """Declarations of the toolchain and dependencies with a platform requirement."""
        return sum(1 for d in self.decls if d.origin != "package" and d.kind != "label" and d.availability)

    def module_requirement(self, module: str) -> dict:
        """What every top-level declaration of a toolchain module needs, per platform
        ({} when some declaration needs nothing): Synchronization -> macOS 15, iOS 18."""
        tops = [d for d in self.decls if d.module == module and d.origin == "toolchain"
                and d.container is None and d.extended is None
                and requirement(d.availability, "*") != UNAVAILABLE]
        if not tops:
            return {}
        platforms = set().union(*(d.availability.keys() for d in tops)) - {"*"}
        result = {}
        for platform in platforms:
            version = min(requirement(d.availability, platform) for d in tops)
            if version:
                result[platform] = version
        return result


# MARK: - Argument labels

TRAILING = "{trailing}"  # the first trailing closure: it may fill any parameter


@functools.lru_cache(maxsize=65536)
def labels_match(params: tuple, args: tuple) -> bool:
    """Whether a call with these argument labels (None for unlabeled) can call a declaration with
    these parameters: in order, each parameter takes its argument or has a default; a variadic
    parameter also takes the unlabeled arguments after its first."""

    @functools.lru_cache(maxsize=None)
    def fits(p: int, a: int) -> bool:
        if a == len(args):
            return all(optional for _, optional, _ in params[p:])
        if p == len(params):
            return False
        label, optional, variadic = params[p]
        arg = args[a]
        if arg is TRAILING or arg == label:
            if fits(p + 1, a + 1):
                return True
            if variadic:
                k = a + 1
                while k < len(args) and args[k] is None:
                    k += 1
                    if fits(p + 1, k):
                        return True
        return optional and fits(p + 1, a)

    return fits(0, 0)


def format_labels(labels) -> str:
    return "(" + "".join(f"{'_' if label in (None, TRAILING) else label}:" for label in labels) + ")"


# MARK: - Checking one file

# Words followed by `(` that are not calls of something named so.
KEYWORDS = frozenset("""
    if else guard while for in switch case default return throw throws rethrows try await catch
    do repeat break continue fallthrough defer where as is let var func init deinit subscript self
    Self super nil true false import struct class enum protocol extension typealias associatedtype
    static public private fileprivate internal open package inout some any async get set willSet
    didSet operator precedencegroup actor nonisolated isolated consuming borrowing copy consume
    discard each macro _ sending
""".split())
# Words that start statements: a closure's parameter list (`{ a, b in`) has none.
_STATEMENT_WORDS = frozenset({"let", "var", "if", "guard", "for", "while", "return", "switch", "case", "do",
                              "repeat", "defer", "throw", "break", "continue", "import", "func", "struct",
                              "class", "enum", "try", "await"})
# What a property's `{` may start with, which a closure's cannot.
_ACCESSORS = frozenset({"get", "set", "didSet", "willSet", "_read", "_modify", "unsafeAddress",
                        "unsafeMutableAddress", "init"})
# Keywords followed by the name of a type they declare.
_TYPE_INTRODUCERS = frozenset({"struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype"})
# Words after which `(` opens a tuple, not a call's arguments.
_TUPLE_AFTER_WORDS = frozenset({"return", "in", "try", "await", "throw", "case", "yield", "else", "then"})
# Declaration keywords after which an identifier is the name being declared, not a use.
DECLARATION_INTRODUCERS = frozenset({"func", "struct", "class", "enum", "protocol", "actor", "typealias",
                                     "associatedtype", "let", "var", "case", "macro", "operator",
                                     "precedencegroup", "import"})
# Attributes whose arguments are not code.
_OPAQUE_ATTRIBUTES = frozenset({"available", "_spi_available", "backDeployed", "_originallyDefinedIn",
                                "_silgen_name", "objc", "_spi", "_documentation", "_effects", "inline",
                                "_specialize", "_cdecl", "_extern", "_expose", "_implements",
                                "_dynamicReplacement", "_semantics", "_alignment", "_rawLayout",
                                "_lifetime", "lifetime"})


@dataclass
class Use:
    kind: str                    # "name", "member", "nested", "init", "macro", "attribute", "import"
    name: str
    index: int                   # token index
    line: int
    qualifier: Optional[str] = None  # `Foo` in `Foo.Bar` / `Foo.init(...)`
    args: Optional[tuple] = None     # argument labels when the use is a call


@dataclass
class Finding:
    path: str
    line: int
    api: str
    needs: dict                  # {platform: version} that this line does not meet
    context: dict                # {platform: version} this line is known to run on
    module: Optional[str] = None


class SourceFile:
    """One Swift file of the package: its tokens for the platforms checked, which platforms
    compile each token, and the guarded regions."""

    def __init__(self, path: str, text: str, platforms: tuple, macros: dict, target: Optional[str] = None):
        self.path = path
        self.target = target
        raw = tokenize(text)
        self.tokens, self.masks = resolve_conditional_compilation(raw, platforms)
        self.partner, self.enclosing_brace = match_brackets(self.tokens)
        self.macros = macros
        self.guards: list = []               # (first index, last index, availability)
        self.statement_bodies: set = set()   # `{` of if/guard/while/for/switch/catch
        self._find_guards()
        self.imports: list = []              # modules imported
        self.reexports: list = []            # modules imported with @_exported
        for i, t in enumerate(self.tokens):
            if t.kind == ID and t.text == "import" and self._starts_statement(i):
                _, use = self._import(i)
                if use is not None:
                    self.imports.append(use.name)
                    if self._exported(i):
                        self.reexports.append(use.name)

    def declarations(self, module: str) -> list:
        """What the file declares, for the index: its declarations outside function bodies, with
        their availability; and, as names that need nothing, what could shadow a toolchain name
        elsewhere in the file: types declared inside functions, generic parameters, the labels
        of tuple expressions (`let t = (seconds: 1, attoseconds: 2)`: `t.attoseconds` is no member)."""
        walker = DeclarationWalker(self.tokens, module, "package", self.macros, public_only=False,
                                   partner=self.partner)
        decls = walker.walk()
        tokens, partner = self.tokens, self.partner
        # Functions declared inside functions: the walker skips bodies; their calls are local.
        self.local_functions = {
            tokens[i + 1].text for i, t in enumerate(tokens[:-1])
            if t.kind == ID and t.text == "func" and tokens[i + 1].kind == ID
            and self.enclosing_brace[i] >= 0 and self.enclosing_brace[i] not in walker.member_braces}
        type_names, labels = set(), set()
        for i, t in enumerate(tokens[:-1]):
            if t.kind == ID and t.text in _TYPE_INTRODUCERS and tokens[i + 1].kind == ID:
                type_names.add(tokens[i + 1].text)
                type_names.update(self._generic_parameters(i + 2))
            elif t.kind == ID and t.text in ("func", "init") and i + 2 < len(tokens):
                type_names.update(self._generic_parameters(i + 2 if t.text == "func" else i + 1))
            elif t.kind == PUNCT and t.text == "(" and self._opens_tuple(i):
                labels.update(tuple_labels(tokens, partner, i, i))
        decls.extend(Decl("type", name, LOCAL, None, {}, module, "package") for name in sorted(type_names))
        decls.extend(Decl("label", label, None, None, {}, module, "package") for label in sorted(labels))
        return decls

    def _generic_parameters(self, j: int) -> list:
        """The names a generic clause starting at tokens[j] declares (`<T: P<String>, each U>`
        -> T, U; not String), if tokens[j] starts one."""
        tokens, partner = self.tokens, self.partner
        end = skip_generic_clause(tokens, partner, j)
        names, depth, k = [], 0, j
        while k < end:
            t = tokens[k]
            if t.kind == OP and t.text != "->":
                depth += t.text.count("<") - t.text.count(">")
            elif t.kind == PUNCT and t.text in ("(", "["):
                k = partner[k] + 1
                continue
            elif t.kind == ID and depth == 1 and (tokens[k - 1].text in (",", "each") or k == j + 1):
                names.append(t.text)
            k += 1
        return names

    def _opens_tuple(self, i: int) -> bool:
        """Whether the `(` at i opens a tuple (or a closure's parameters), not a call's arguments."""
        prev = self.tokens[i - 1] if i else None
        if prev is None:
            return True
        if prev.kind in (ID, STR):
            return prev.text in _TUPLE_AFTER_WORDS
        return prev.text not in (")", "]", "?", "!") and not prev.text.endswith(">")

    @functools.cached_property
    def local_values(self) -> set:
        """Names the file binds locally: functions declared inside functions, `let`/`var` names,
        closure parameters (`{ fulfill in`), and, generously, every `name:` in a parenthesized
        list (parameters and labels). A bare call of one (`fulfill(result)`) calls something of
        the file's, not a declaration elsewhere."""
        tokens, n = self.tokens, len(self.tokens)
        names = set(getattr(self, "local_functions", ()))
        for i, t in enumerate(tokens):
            if t.kind != ID or i + 1 >= n:
                continue
            following = tokens[i + 1]
            if t.text in ("let", "var") and following.kind == ID:
                names.add(following.text)
            elif following.kind == PUNCT and following.text == ":" and i > 1 and (
                    tokens[i - 1].text in ("(", ",")  # `name:`, `(label name:` below
                    or (tokens[i - 1].kind == ID and tokens[i - 2].text in ("(", ","))):
                names.add(t.text)
            elif t.text == "in":
                opener = self.enclosing_brace[i]
                header = tokens[opener + 1:i] if 0 <= opener and i - opener < 40 else None
                if header and not any(h.kind == PUNCT and h.text in "{};" or h.text in _STATEMENT_WORDS
                                      for h in header):
                    names.update(h.text for h in header if h.kind == ID)
        return names

    def _exported(self, i: int) -> bool:
        j = i - 1
        while j >= 0 and self.tokens[j].line == self.tokens[i].line:
            if self.tokens[j].kind == AT and self.tokens[j].text == "_exported":
                return True
            j -= 1
        return False

    def context_at(self, index: int, declared: dict) -> dict:
        """The versions each declared platform is known to have at token `index`."""
        context = dict(declared)
        for first, last, availability in self.guards:
            if first <= index <= last:
                for platform in context:
                    version = requirement(availability, platform)
                    if version > context[platform]:
                        context[platform] = version
        return context

    # Guards

    def _find_guards(self) -> None:
        tokens = self.tokens
        for i, t in enumerate(tokens):
            if t.kind == AT and t.text == "available":
                self._available_attribute(i)
            elif t.kind == ID and t.text in ("if", "guard", "while", "for", "switch", "catch"):
                following = tokens[i + 1] if i + 1 < len(tokens) else None
                if following is None or (following.kind == PUNCT and following.text in (":", ".", ",", ")")):
                    continue  # an argument label or a member named so
                if t.text == "while" and self._ends_repeat(i):
                    continue
                self._statement(i)

    def _available_attribute(self, i: int) -> None:
        """`@available(macOS 15, *)` guards the declaration it precedes, header and body."""
        tokens, partner = self.tokens, self.partner
        j = i + 1
        if j >= len(tokens) or tokens[j].text != "(" or tokens[j].spaced:
            return
        availability = parse_availability(tokens[j + 1:partner[j]], self.macros)
        if not availability:
            return
        j = partner[j] + 1
        while j < len(tokens):  # further attributes and modifiers
            t = tokens[j]
            if t.kind == AT:
                j += 1
                if j < len(tokens) and tokens[j].text == "(" and not tokens[j].spaced:
                    j = partner[j] + 1
            elif t.kind == ID and t.text in MODIFIERS and not declares_class(tokens, j):
                j += 1
                if j < len(tokens) and tokens[j].text == "(" and not tokens[j].spaced:
                    j = partner[j] + 1
            else:
                break
        if j >= len(tokens) or tokens[j].kind != ID or tokens[j].text not in DECL_KEYWORDS:
            return
        body, last = declaration_end(tokens, partner, j + 1, tokens[j].text)
        self.guards.append((i, partner[body] if body is not None else last, availability))

    def _ends_repeat(self, i: int) -> bool:
        """`repeat { ... } while cond`: that `while` has no body."""
        prev = self.tokens[i - 1] if i else None
        if prev is None or prev.text != "}" or prev.kind != PUNCT:
            return False
        opener = self.partner[i - 1]
        return opener > 0 and self.tokens[opener - 1].text == "repeat"

    def _statement(self, i: int) -> None:
        """Finds the body of an if/guard/while/for/switch/catch and the #available conditions
        before it (only those at the condition's top level)."""
        tokens, partner = self.tokens, self.partner
        keyword = tokens[i].text
        available: dict = {}
        unavailable: dict = {}
        refined_from = None  # the conditions after an #available are checked where it held
        else_index = None
        j = i + 1
        while j < len(tokens):
            t = tokens[j]
            if t.kind == PUNCT:
                if t.text == "{":
                    break
                if t.text in ("(", "["):
                    j = partner[j] + 1
                    continue
                if t.text in ("}", ";", ")", "]"):
                    return
            if t.kind == POUND and t.text in ("#available", "#unavailable") and j + 1 < len(tokens) \
                    and tokens[j + 1].text == "(":
                parsed = parse_availability(tokens[j + 2:partner[j + 1]], self.macros) or {}
                if t.text == "#available":
                    available = merge_availability(available, parsed)
                    if refined_from is None:
                        refined_from = partner[j + 1] + 1
                else:
                    unavailable = merge_availability(unavailable, parsed)
                j = partner[j + 1] + 1
                continue
            if t.kind == ID and t.text == "else" and keyword == "guard":
                else_index = j
            j += 1
        if j >= len(tokens):
            return
        body, close = j, partner[j]
        self.statement_bodies.add(body)
        if keyword in ("if", "while") and available:
            self.guards.append((refined_from, close, available))
        if keyword == "if" and unavailable and close + 2 < len(tokens) \
                and tokens[close + 1].text == "else" and tokens[close + 2].text == "{":
            self.guards.append((close + 2, partner[close + 2], unavailable))
        if keyword == "guard":
            if available:  # the rest of the enclosing scope runs only where the condition held
                scope = self.enclosing_brace[i]
                end = partner[scope] if scope >= 0 else len(tokens) - 1
                self.guards.append((close + 1, end, available))
                if else_index is not None:
                    self.guards.append((refined_from, else_index - 1, available))
            if unavailable:
                self.guards.append((body, close, unavailable))

    # Uses

    def uses(self, module_names: set):
        """Every use of a name that could refer to a declaration elsewhere."""
        tokens, partner, n = self.tokens, self.partner, len(self.tokens)
        i = 0
        while i < n:
            t = tokens[i]
            kind = t.kind
            if kind == AT:
                following = tokens[i + 1] if i + 1 < n else None
                has_arguments = following is not None and following.text == "(" and not following.spaced
                if t.text in _OPAQUE_ATTRIBUTES and has_arguments:
                    i = partner[i + 1] + 1
                    continue
                yield Use("attribute", t.text, i, t.line)
                i += 1
                continue
            if kind == REGEX:  # `/\d+/` and `#/.../#` make a Regex
                yield Use("name", "Regex", i, t.line)
                i += 1
                continue
            if kind == POUND:
                if t.text in ("#available", "#unavailable") and i + 1 < n and tokens[i + 1].text == "(":
                    i = partner[i + 1] + 1
                    continue
                yield Use("macro", t.text[1:], i, t.line)
                i += 1
                continue
            if kind != ID:
                i += 1
                continue
            name = t.text
            prev = tokens[i - 1] if i else None
            following = tokens[i + 1] if i + 1 < n else None
            if name == "import" and self._starts_statement(i):
                i, use = self._import(i)
                if use is not None:
                    yield use
                continue
            if prev is not None and prev.kind == ID and prev.text in DECLARATION_INTRODUCERS:
                i += 1
                continue
            if following is not None and following.kind == PUNCT and following.text == ":" \
                    and prev is not None and prev.kind == PUNCT and prev.text in ("(", ","):
                i += 1  # an argument label or a parameter name
                continue
            after_dot = prev is not None and prev.kind == PUNCT and prev.text == "."
            qualifier = tokens[i - 2] if after_dot and i >= 2 and tokens[i - 2].kind == ID else None
            if after_dot and not (qualifier is not None and qualifier.text in module_names):
                use = self._member_use(i, qualifier)
                if use is not None:
                    yield use
                i += 1
                continue
            if name in KEYWORDS:
                i += 1
                continue
            yield Use("name", name, i, t.line, args=self._call_arguments(i, allow_bare_closure=False))
            i += 1

    def _starts_statement(self, i: int) -> bool:
        if i == 0:
            return True
        prev = self.tokens[i - 1]
        return prev.line != self.tokens[i].line or prev.kind == AT or prev.text in ACCESS_PUBLIC | ACCESS_HIDDEN

    def _import(self, i: int):
        """`import M`, `@preconcurrency import M`, `import struct M.Name`: (the index after the
        line, an "import" use of M or None)."""
        tokens = self.tokens
        j = i + 1
        if j < len(tokens) and tokens[j].kind == ID and tokens[j].text in (
                "struct", "class", "enum", "protocol", "typealias", "func", "var", "let"):
            j += 1
        use = None
        if j < len(tokens) and tokens[j].kind == ID and tokens[j].line == tokens[i].line:
            use = Use("import", tokens[j].text, i, tokens[i].line)
        while j < len(tokens) and tokens[j].line == tokens[i].line:
            j += 1
        return j, use

    def _member_use(self, i: int, qualifier: Optional[Token]) -> Optional[Use]:
        tokens = self.tokens
        t = tokens[i]
        name = t.text
        if name in ("self", "Type", "Protocol"):
            return None
        if name == "init":
            if qualifier is not None and qualifier.text[:1].isupper():
                args = self._call_arguments(i, allow_bare_closure=False)
                if args is not None:
                    return Use("init", qualifier.text, i, t.line, args=args)
            return None
        if name[:1].isupper() and qualifier is not None and qualifier.text[:1].isupper():
            return Use("nested", name, i, t.line, qualifier=qualifier.text,
                       args=self._call_arguments(i, allow_bare_closure=False))
        return Use("member", name, i, t.line, qualifier=qualifier.text if qualifier else None,
                   args=self._call_arguments(i, allow_bare_closure=True))

    def _call_arguments(self, i: int, allow_bare_closure: bool) -> Optional[tuple]:
        """The argument labels if tokens[i] is called: `name(a: 1, 2) { } b: { }` -> ('a', None,
        TRAILING, 'b'); `name<T>(...)` too; `.name { }` only with allow_bare_closure (a bare
        `name {` is too often a statement's condition). None if it is not a call."""
        tokens, partner, n = self.tokens, self.partner, len(self.tokens)
        j = skip_generic_clause(tokens, partner, i + 1) if i + 1 < n and not tokens[i + 1].spaced else i + 1
        if j >= n:
            return None
        t = tokens[j]
        labels: list = []
        if t.kind == PUNCT and t.text == "(" and t.line == tokens[j - 1].line:
            labels = self._labels_inside(j)
            j = partner[j] + 1
        elif not (allow_bare_closure and t.kind == PUNCT and t.text == "{" and j not in self.statement_bodies):
            return None  # not a call (`if x.isEmpty {`: that brace is the statement's body)
        if j < n and tokens[j].kind == PUNCT and tokens[j].text == "{" and j not in self.statement_bodies \
                and not (j + 1 < n and tokens[j + 1].text in _ACCESSORS):  # `var x = f() { didSet {} }`
            labels.append(TRAILING)
            j = partner[j] + 1
            while j + 2 < n and tokens[j].kind == ID and tokens[j + 1].text == ":" \
                    and tokens[j + 2].text == "{":
                labels.append(tokens[j].text)
                j = partner[j + 2] + 1
        return tuple(labels)

    def _labels_inside(self, open_index: int) -> list:
        tokens, partner = self.tokens, self.partner
        close = partner[open_index]
        labels: list = []
        j = open_index + 1
        at_argument_start = True
        while j < close:
            t = tokens[j]
            if at_argument_start:
                at_argument_start = False
                is_label = t.kind == ID and j + 1 < close and tokens[j + 1].kind == PUNCT and tokens[j + 1].text == ":"
                labels.append(t.text if is_label else None)
                if is_label:
                    j += 2
                    continue
            if t.kind == PUNCT and t.text in OPENERS:
                j = partner[j] + 1
                continue
            if t.kind == ID and j + 1 < close and not tokens[j + 1].spaced:
                skipped = skip_generic_clause(tokens, partner, j + 1)  # `Dictionary<K, V>()`
                if skipped != j + 1:
                    j = skipped
                    continue
            if t.kind == PUNCT and t.text == ",":
                at_argument_start = True
            j += 1
        return labels


class BinaryModuleNames:
    """The names in the toolchain's binary-only modules (Foundation, Dispatch, XCTest on Linux).
    Their declarations are unknown, but a compiled module keeps its identifiers as plain text:
    a member or function name found there may be theirs (`decoder.dateDecodingStrategy`,
    `lock.withLock`), so it is not reported. Not used for type names: Foundation mentions
    `Mutex` and `Span` in its own code, and types need an import anyway."""

    def __init__(self, paths: list):
        self._paths = paths
        self._names: Optional[set] = None  # read on first use: most runs never need it

    def contains(self, name: str) -> bool:
        if self._names is None:
            self._names = set()
            for path in self._paths:
                self._names.update(re.findall(rb"[A-Za-z_][A-Za-z0-9_]*", Path(path).read_bytes()))
        return name.encode() in self._names


@dataclass(frozen=True)
class _Candidates:
    """The declarations a use could mean, reduced to what a verdict needs. Built only when
    some usable candidate needs more than the declared minimum: for most names, none does."""
    newer: tuple        # ((platform, least requirement among the candidates), ...) above the minimum
    modules: frozenset
    decls: tuple


class Checker:
    """Judges the uses of a file against the index."""

    def __init__(self, index: AvailabilityIndex, declared: dict, binary_modules: Optional[list] = None):
        self.index = index
        self.declared = declared  # {platform: version}, in Package.swift's order
        self.binary_names = BinaryModuleNames(binary_modules or [])
        self._summaries: dict = {}       # (kind, name, labels) -> _Candidates or None
        self._file_summaries: dict = {}  # the same for type names, which depend on the file's imports
        self._module_requirements: dict = {}
        self._visible: set = set()
        self._locals: set = set()

    def check(self, source: SourceFile) -> list:
        findings: list = []
        # Modules whose API the file uses only where the OS has it, and those it uses unguarded:
        # an `import Synchronization` is fine in a file that guards every use.
        guarded_modules: set = set()
        unguarded_modules: set = set()
        imports: list = []
        self._visible = self.index.visible_modules(source.target or "", source.imports)
        self._locals = source.local_values
        self._file_summaries = {}
        for use in source.uses(self.index.module_names):
            if use.kind == "import":
                imports.append(use)
                continue
            judged = self._judge(use)
            if judged is None:
                continue
            api, candidates = judged
            needs, context = self._unmet(candidates, use, source)
            if needs is None:
                continue
            module = next(iter(candidates.modules)) if len(candidates.modules) == 1 else None
            if needs:
                findings.append(Finding(source.path, use.line, api, needs, context, module))
                unguarded_modules.add(module)
            else:
                guarded_modules.add(module)
        for use in imports:
            if use.name in unguarded_modules or use.name not in guarded_modules:
                finding = self._judge_import(use, source)
                if finding is not None:
                    findings.append(finding)
        return findings

    # Verdicts

    def _summary(self, key, candidates, per_file: bool = False) -> Optional[_Candidates]:
        cache = self._file_summaries if per_file else self._summaries
        if key not in cache:
            cache[key] = self._summarize(candidates() if callable(candidates) else candidates)
        return cache[key]

    def _summarize(self, candidates) -> Optional[_Candidates]:
        usable = tuple(c for c in candidates if requirement(c.availability, "*") != UNAVAILABLE)
        if not usable:
            return None
        newer = []
        for platform, minimum in self.declared.items():
            version = min(requirement(c.availability, platform) for c in usable)
            if version > minimum:
                newer.append((platform, version))
        if not newer:
            return None
        return _Candidates(tuple(newer), frozenset(c.module for c in usable), usable)

    def _unmet(self, candidates: _Candidates, use: Use, source: SourceFile):
        """(needs, context) at this use: the platforms compiling the line where even the least
        demanding candidate needs more than the line is known to have (empty: guarded), and
        what it has; needs is None when no platform compiling the line is concerned."""
        mask = source.masks[use.index]
        newer = [(p, v) for p, v in candidates.newer if p in mask]
        if not newer:
            return None, None
        context = source.context_at(use.index, self.declared)
        return {p: v for p, v in newer if v > context[p]}, context

    def _judge(self, use: Use):
        """(the API as reported, its candidates) when some candidate is newer than the minimum."""
        kind, name, args = use.kind, use.name, use.args
        if kind == "name":
            visible = self._visible_types(name)
            if visible:  # a type; when it is not newer, maybe its initializer is
                types = self._summary(("type", name), visible, per_file=True)
                return (name, types) if types is not None else self._judge_init(name, args, visible)
            if args is None or name in self._locals:
                return None  # not a call, or a call of a closure or local function
            return self._judge_call(name, args, member=False)
        if kind == "init":
            return self._judge_init(name, args)
        if kind == "nested":
            nested = [t for t in self.index.types.get(name, ()) if t.container == use.qualifier]
            if nested:
                types = self._summary(("nested", use.qualifier, name), nested)
                if types is not None:
                    return f"{use.qualifier}.{name}", types
                return self._judge_init(name, args) if args is not None else None
            return self._judge_member(name, args)
        if kind == "member":
            return self._judge_member(name, args)
        if kind == "macro":
            macros = self._summary(("macro", name), lambda: [
                d for d in self.index.callables.get(name, ()) if d.kind == "macro"])
            return (f"#{name}", macros) if macros is not None else None
        if kind == "attribute":
            attributes = self._summary(("attribute", name), lambda: self._visible_types(name) + [
                d for d in self.index.callables.get(name, ()) if d.kind == "macro"], per_file=True)
            return (f"@{name}", attributes) if attributes is not None else None
        return None

    def _visible_types(self, name: str) -> list:
        """Types a bare name can mean in this file: top-level ones (and the package's own at any
        depth) of the modules the file imports. (Type names, unlike members, do not leak from
        modules imported only indirectly.)"""
        return [t for t in self.index.types.get(name, ())
                if (t.container is None or t.origin == "package") and t.module in self._visible]

    def _judge_init(self, type_name: str, args: Optional[tuple], types: Optional[list] = None):
        """`Type(labels...)`. With the types the name means in this file, only initializers of
        their modules and of the modules the file sees count (another module's type of the
        same name is not this one), and a type of the package or a dependency that declares no
        initializer at all has an implicit one (memberwise, raw value): unknown."""
        if args is None:
            return None
        all_inits = self.index.inits.get(type_name, ())
        modules = None
        if types:
            modules = self._visible | {t.module for t in types}
            for t in types:
                if t.origin != "toolchain" and not any(d.module == t.module for d in all_inits):
                    return None

        def candidates():
            found = [d for d in all_inits if (modules is None or d.module in modules) and labels_match(d.params, args)]
            # Initializers of protocol extensions (`init<S: Sequence>(_:)` on RangeReplaceableCollection)
            # may serve any conforming type: count those with the same labels too.
            return found + [d for d in self.index.protocol_inits() if d.container != type_name
                            and labels_match(d.params, args)]

        inits = self._summary(("init", type_name, args), candidates, per_file=types is not None)
        return (type_name + self._shown_labels(inits.decls, args), inits) if inits is not None else None

    def _judge_call(self, name: str, args: tuple, member: bool = True):
        calls = self._summary(("call", name, args, member), lambda: [
            d for d in self.index.callables.get(name, ()) if self._callable_with(d, args, member)])
        if calls is None or self.binary_names.contains(name):
            return None
        return self._container_prefix(calls.decls) + name + self._shown_labels(calls.decls, args), calls

    def _judge_member(self, name: str, args: Optional[tuple]):
        if args is not None:
            return self._judge_call(name, args)
        members = self._summary(("member", name), lambda: self.index.callables.get(name, ()))
        if members is None or self.binary_names.contains(name):
            return None
        return self._container_prefix(members.decls) + name, members

    @staticmethod
    def _callable_with(decl: Decl, args: tuple, member: bool) -> bool:
        if decl.kind == "var":  # a closure-typed property called like a function
            return all(a is None or a is TRAILING for a in args)
        if decl.kind == "case" and member:  # patterns leave labels out: `case .closing(let open, let max)`
            return decl.params is not None
        return decl.params is not None and labels_match(decl.params, args)

    @staticmethod
    def _container_prefix(candidates) -> str:
        containers = {c.container for c in candidates}
        return f"{containers.pop()}." if len(containers) == 1 and None not in containers else ""

    @staticmethod
    def _shown_labels(candidates, args: tuple) -> str:
        label_lists = {tuple(label for label, _, _ in c.params) for c in candidates if c.params is not None}
        if len(label_lists) == 1:
            return format_labels(label_lists.pop())
        return format_labels(args)

    def _judge_import(self, use: Use, source: SourceFile) -> Optional[Finding]:
        if use.name not in self.index.toolchain_modules:
            return None
        if use.name not in self._module_requirements:
            self._module_requirements[use.name] = self.index.module_requirement(use.name)
        whole_module = self._module_requirements[use.name]
        mask = source.masks[use.index]
        needs = {p: requirement(whole_module, p) for p, minimum in self.declared.items()
                 if p in mask and requirement(whole_module, p) > minimum}
        if not needs:
            return None
        return Finding(source.path, use.line, f"import {use.name} (all of its declarations)", needs,
                       dict(self.declared), use.name)


# MARK: - Package.swift

@dataclass
class Target:
    name: str
    kind: str                   # target, executableTarget, testTarget
    path: Optional[str] = None
    exclude: list = field(default_factory=list)
    sources: Optional[list] = None
    dependencies: list = field(default_factory=list)  # names of targets of this package


@dataclass
class Package:
    root: Path
    platforms: dict             # {platform: version}
    platform_labels: dict       # {platform: as declared, e.g. "14"}
    targets: list
    libraries: dict             # product name -> target names


_CHECKED_TARGET_KINDS = ("target", "executableTarget", "testTarget")
_TARGET_KINDS = _CHECKED_TARGET_KINDS + ("macro", "plugin", "systemLibrary", "binaryTarget")


def read_package(root: Path) -> Package:
    manifest = root / "Package.swift"
    if not manifest.is_file():
        raise UsageError(f"no Package.swift in {root}")
    tokens = tokenize(manifest.read_text(encoding="utf-8", errors="replace"))
    partner, _ = match_brackets(tokens)
    platforms, labels = _declared_platforms(tokens, partner)
    targets, libraries = [], {}
    for i in range(1, len(tokens) - 1):
        t = tokens[i]
        if t.kind != ID or tokens[i - 1].text != "." or tokens[i + 1].text != "(":
            continue
        arguments = _named_arguments(tokens, partner, i + 1)
        if t.text in _TARGET_KINDS and "name" in arguments:
            name = _string_in(arguments["name"])
            if name and t.text in _CHECKED_TARGET_KINDS:
                targets.append(Target(
                    name, t.text, _string_in(arguments.get("path", [])),
                    _strings_in(arguments.get("exclude", [])),
                    _strings_in(arguments["sources"]) if "sources" in arguments else None,
                    _target_dependencies(arguments.get("dependencies", []))))
        elif t.text == "library" and "name" in arguments:
            name = _string_in(arguments["name"])
            if name:
                libraries[name] = _strings_in(arguments.get("targets", []))
    return Package(root, platforms, labels, targets, libraries)


def _declared_platforms(tokens: list, partner: list):
    for i in range(len(tokens) - 2):
        if tokens[i].text == "platforms" and tokens[i + 1].text == ":" and tokens[i + 2].text == "[":
            platforms, labels = {}, {}
            close = partner[i + 2]
            j = i + 3
            while j < close:
                # `.macOS(.v14)`, `.macOS(.v13_3)`, `.macOS("14.0")`
                if tokens[j].text == "." and j + 2 < close and tokens[j + 2].text == "(":
                    platform = PLATFORM_NAMES.get(tokens[j + 1].text)
                    argument = tokens[j + 3:partner[j + 2]]
                    version_text = None
                    if argument and argument[0].kind == STR:
                        version_text = argument[0].text
                    elif len(argument) >= 2 and argument[0].text == "." \
                            and re.fullmatch(r"v\d+(_\d+)*", argument[1].text):
                        version_text = argument[1].text[1:].replace("_", ".")
                    if platform and version_text and re.fullmatch(r"\d+(\.\d+)*", version_text):
                        platforms[platform] = parse_version(version_text)
                        labels[platform] = version_text
                    elif platform:
                        raise UsageError(f"Package.swift: cannot read the version of .{tokens[j + 1].text}(...)")
                    j = partner[j + 2] + 1
                    continue
                j += 1
            return platforms, labels
    return {}, {}


def _named_arguments(tokens: list, partner: list, open_index: int) -> dict:
    """`(name: "X", path: "Y", dependencies: [...])` -> {label: tokens of the argument}."""
    inside = tokens[open_index + 1:partner[open_index]]
    arguments = {}
    for group in _split_arguments(inside):
        if len(group) >= 2 and group[0].kind == ID and group[1].text == ":":
            arguments[group[0].text] = group[2:]
    return arguments


def _string_in(tokens: list) -> Optional[str]:
    return tokens[0].text if tokens and tokens[0].kind == STR else None


def _strings_in(tokens: list) -> list:
    return [t.text for t in tokens if t.kind == STR]


def _target_dependencies(tokens: list) -> list:
    """The package's own targets among dependencies: "Name", .target(name: "Name"),
    .byName(name: "Name"); products of other packages are `.product(...)` or variables."""
    names, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind == STR and (i == 0 or tokens[i - 1].text in ("[", ",")):
            names.append(t.text)
        if t.kind == ID and t.text in ("target", "byName") and i + 1 < len(tokens) and tokens[i + 1].text == "(":
            j = i + 2
            while j < len(tokens) and tokens[j].text != ")":
                if tokens[j].kind == STR:
                    names.append(tokens[j].text)
                    break
                j += 1
        if t.kind == ID and t.text == "product":  # skip `.product(name: "X", package: "Y")`
            while i < len(tokens) and tokens[i].text != ")":
                i += 1
        i += 1
    return names


def package_swift_files(package: Package) -> list:
    """(path relative to the root, target name) of every Swift file the checked targets build."""
    root = package.root
    files = []
    for target in package.targets:
        if target.path:
            directory = root / target.path
        else:
            parents = ("Tests",) if target.kind == "testTarget" else ("Sources", "Source", "src", "srcs")
            directory = next((root / p / target.name for p in parents if (root / p / target.name).is_dir()),
                             root / parents[0] / target.name)
        if not directory.is_dir():
            continue
        excluded = [(directory / e).resolve() for e in target.exclude]
        included = [(directory / s).resolve() for s in target.sources] if target.sources is not None else None
        for path in sorted(directory.rglob("*.swift")):
            resolved = path.resolve()
            if any(resolved == e or e in resolved.parents for e in excluded):
                continue
            if included is not None and not any(resolved == s or s in resolved.parents for s in included):
                continue
            files.append((path.relative_to(root).as_posix(), target.name))
    return files


def library_products_of_targets(package: Package) -> dict:
    """target name -> sorted names of the library products that link it."""
    dependencies = {t.name: t.dependencies for t in package.targets}
    result = defaultdict(set)
    for product, roots in package.libraries.items():
        pending, seen = list(roots), set()
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            result[name].add(product)
            pending.extend(dependencies.get(name, ()))
    return {name: sorted(products) for name, products in result.items()}


# MARK: - Toolchain and dependencies

def toolchain_interface_dirs() -> list:
    """`<runtimeResourcePath>/<platform>` of the toolchain's `swift -print-target-info`."""
    fallback = "/opt/swift/usr/bin/swift"
    swift = shutil.which("swift") or (fallback if os.access(fallback, os.X_OK) else None)
    if swift is None:
        raise UsageError("no Swift toolchain: `swift` is not on PATH and /opt/swift/usr/bin/swift does not exist "
                         "(or pass --interfaces DIR)")
    try:
        result = subprocess.run([swift, "-print-target-info"], capture_output=True, text=True, timeout=60)
        info = json.loads(result.stdout)
        resource = Path(info["paths"]["runtimeResourcePath"])
        platform = info.get("target", {}).get("platform", "linux")
    except (OSError, subprocess.SubprocessError, ValueError, KeyError) as error:
        raise UsageError(f"`{swift} -print-target-info` gave no runtimeResourcePath: {error}")
    directory = resource / platform
    if not directory.is_dir():
        raise UsageError(f"no module directory {directory} in the toolchain")
    return [directory]


def interface_files(directories: list):
    """((module, path) of each module's public interface, (module, path) of each module that
    has only a compiled .swiftmodule)."""
    found, binary_only = [], []
    for directory in directories:
        for module_dir in sorted(Path(directory).glob("*.swiftmodule")):
            module = module_dir.name[:-len(".swiftmodule")]
            interfaces = sorted(p for p in module_dir.glob("*.swiftinterface")
                                if not p.name.endswith(".private.swiftinterface"))
            compiled = sorted(module_dir.glob("*.swiftmodule")) if module_dir.is_dir() else []
            if interfaces:
                # One architecture is enough: the declarations are the same.
                found.append((module, interfaces[0]))
            elif compiled:
                binary_only.append((module, compiled[0]))
    return found, binary_only


_MACRO_PATTERNS = (
    # .enableExperimentalFeature("AvailabilityMacro=hummingbird 2.0:macOS 14.0, iOS 17.0")
    re.compile(r'AvailabilityMacro=([A-Za-z_]\w*(?: [\d.]+)?)\s*:\s*([^"]+)"'),
    # "SwiftStdlib 6.0":  "macOS 15.0, iOS 18.0, ..." (a list turned into such flags)
    re.compile(r'"([A-Za-z_]\w* [\d.]+)"\s*:\s*"([^"]*\b(?:macOS|OSX|iOS) [^"]*)"'),
)

# Directories of a checkout that hold no API of its products.
_NOT_API_DIRS = frozenset({"Tests", "Test", "Benchmarks", "Benchmark", "Examples", "Example", "Samples", "Snippets",
                           "IntegrationTests", "Plugins", "Documentation", "Docs", "Scripts", "Fuzzing",
                           "Fuzz", "dev", "Tools", ".build", ".git", ".swiftpm"})


def availability_macros(checkouts: list) -> dict:
    """The availability macros the dependencies define in their manifests with literal values."""
    macros: dict = {}
    for checkout in checkouts:
        for manifest in sorted(checkout.glob("Package*.swift")):
            text = manifest.read_text(encoding="utf-8", errors="replace")
            for pattern in _MACRO_PATTERNS:
                for name, value in pattern.findall(text):
                    platforms = parse_platform_list(value)
                    if platforms:
                        macros.setdefault(name.strip(), platforms)
    return macros


def dependency_swift_files(checkout: Path) -> list:
    """(module, path) of a checkout's Swift files outside tests, examples and the manifest; the
    module is the directory under Sources/ (or the top directory, GRDB/)."""
    files = []
    for dirpath, dirnames, filenames in os.walk(checkout):
        dirnames[:] = sorted(d for d in dirnames if d not in _NOT_API_DIRS and not d.endswith(("Tests", ".docc")))
        relative = Path(dirpath).relative_to(checkout).parts
        if not relative:
            continue  # the manifests
        module = relative[1] if relative[0] == "Sources" and len(relative) > 1 else relative[0]
        for filename in sorted(filenames):
            if filename.endswith(".swift"):
                files.append((module, Path(dirpath) / filename))
    return files


def declarations_of_file(path: Path, module: str, origin: str, macros: dict):
    """(public declarations of an interface or dependency file, modules it re-exports)."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    reexports = set(_REEXPORT_RE.findall(text))
    if "public" not in text and "open" not in text:
        return [], reexports  # nothing another module can use (a cheap test that saves a third)
    tokens = tokenize(text, skip_bodies=True)
    if "#if" in text:
        tokens, _ = resolve_conditional_compilation(tokens, None)
    decls = DeclarationWalker(tokens, module, origin, macros, public_only=True).walk()
    return decls, reexports


# MARK: - Running

@dataclass
class Result:
    findings: list
    files_checked: int
    annotated: int
    notes: list
    package: Package
    target_of: dict             # checked file -> its target


def check_package(root: Path, interface_dirs: list, checkouts_dir: Optional[Path]) -> Result:
    """Everything the command does but printing: read, index, check."""
    package = read_package(root)
    notes = []
    if not package.platforms:
        notes.append("Package.swift declares no platforms: nothing to compare with")
    platforms = tuple(package.platforms)

    index = AvailabilityIndex()
    interfaces, binary_only = interface_files(interface_dirs)
    if not interfaces:
        raise UsageError("no *.swiftmodule/*.swiftinterface in " + ", ".join(str(d) for d in interface_dirs))
    for module, path in interfaces:
        decls, reexports = declarations_of_file(path, module, "toolchain", {})
        index.add(decls)
        index.reexports[module] |= reexports
    if binary_only:
        notes.append("no .swiftinterface (binary modules, availability unknown): "
                     + ", ".join(module for module, _ in binary_only))

    checkouts = []
    if checkouts_dir is not None and checkouts_dir.is_dir():
        checkouts = sorted(p for p in checkouts_dir.iterdir() if p.is_dir())
    else:
        notes.append(f"no dependency checkouts at {checkouts_dir}: dependencies' declarations not indexed")
    macros = availability_macros(checkouts)
    for checkout in checkouts:
        for module, path in dependency_swift_files(checkout):
            decls, reexports = declarations_of_file(path, module, "dependency", macros)
            index.add(decls)
            index.reexports[module] |= reexports

    sources = []
    for relative, target in package_swift_files(package):
        text = (root / relative).read_text(encoding="utf-8", errors="replace")
        source = SourceFile(relative, text, platforms, macros, target)
        index.add(source.declarations(target))
        index.reexports[target].update(source.reexports)
        sources.append(source)
    index.finish()

    checker = Checker(index, package.platforms, [path for _, path in binary_only])
    findings = []
    for source in sources:
        findings.extend(checker.check(source))
    unique = {(f.path, f.line, f.api): f for f in findings}
    findings = sorted(unique.values(), key=lambda f: (f.path, f.line, f.api))
    return Result(findings, len(sources), index.annotated_count(), notes, package,
                  {s.path: s.target for s in sources})


def describe(platforms: dict, labels: Optional[dict] = None) -> str:
    return ", ".join(f"{p} {labels[p] if labels else format_version(v)}" for p, v in platforms.items())


def format_finding(finding: Finding, package: Package, libraries: list) -> str:
    needs = " / ".join(f"{p} {format_version(v)}" for p, v in finding.needs.items())
    declared = describe(package.platforms, package.platform_labels)
    guarded = {p: v for p, v in finding.context.items() if v > package.platforms[p] and p in finding.needs}
    extra = f"; guarded here for {describe(guarded)} only" if guarded else ""
    where = f" [library: {', '.join(libraries)}]" if libraries else ""
    return f"{finding.path}:{finding.line}: {finding.api} needs {needs} (declared: {declared}{extra}){where}"


def main(argv: Optional[list] = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = argparse.ArgumentParser(
        description=__doc__.split("\nThe functions take")[0],  # all but the note for the tests
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=Path("."), help="the package root (default: .)")
    parser.add_argument("--checkouts", type=Path, default=None,
                        help="dependency checkouts to index (default: ROOT/.build/checkouts)")
    parser.add_argument("--interfaces", type=Path, action="append", default=None, metavar="DIR",
                        help="directory of *.swiftmodule/*.swiftinterface to index instead of the toolchain's "
                             "(repeatable)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 2 if exit_.code else 0
    root = args.root.resolve()
    checkouts = args.checkouts if args.checkouts is not None else root / ".build" / "checkouts"
    try:
        if not (root / "Package.swift").is_file():
            raise UsageError(f"no Package.swift in {root}")
        interface_dirs = args.interfaces if args.interfaces else toolchain_interface_dirs()
        result = check_package(root, interface_dirs, checkouts)
    except UsageError as error:
        print(f"check-availability: {error}", file=err)
        return 2
    for note in result.notes:
        print(f"check-availability: note: {note}", file=err)

    package = result.package
    products = library_products_of_targets(package)
    minimum = " / ".join(f"{p} {package.platform_labels[p]}" for p in package.platforms) or "(no platforms)"
    if not result.findings:
        print(f"checked {result.files_checked} files against {result.annotated} annotated declarations: "
              f"nothing newer than {minimum}", file=out)
        return 0
    for finding in result.findings:
        print(format_finding(finding, package, products.get(result.target_of.get(finding.path), [])), file=out)
    files = {f.path for f in result.findings}
    in_libraries = {f.path for f in result.findings if products.get(result.target_of.get(f.path))}
    print(f"{len(result.findings)} uses of API newer than {minimum} in {len(files)} files "
          f"({len(in_libraries)} of them in library products); checked {result.files_checked} files against "
          f"{result.annotated} annotated declarations", file=out)
    return 1


if __name__ == "__main__":
    sys.exit(main())
