#!/usr/bin/env python3
"""Tests of Scripts/check-availability.py on fixtures: a small package and a small "toolchain"
of .swiftinterface files written to a temporary directory (the real toolchain is not used).

Run from the repository root:  python3 -m unittest Scripts/test_check_availability.py
                           or:  python3 Scripts/test_check_availability.py
"""

import importlib.util
import io
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

_SCRIPT = Path(__file__).resolve().parent / "check-availability.py"
_spec = importlib.util.spec_from_file_location("check_availability", _SCRIPT)
ca = importlib.util.module_from_spec(_spec)
sys.modules["check_availability"] = ca  # dataclasses look their module up by name
_spec.loader.exec_module(ca)

DECLARED = "(declared: macOS 14, iOS 17)"

# A few declarations as the toolchain prints them, availability attributes included.
SWIFT_INTERFACE = """\
// swift-interface-format-version: 1.0
// swift-module-flags: -module-name Swift
import SwiftShims
@frozen public struct String {
  public init()
}
extension Swift.String {
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @inlinable public init?<Encoding>(validating codeUnits: some Sequence<Encoding.CodeUnit>, as encoding: Encoding.Type) where Encoding : Swift._UnicodeEncoding {
    let contiguousResult = codeUnits.withContiguousStorageIfAvailable {
      String._validate($0, as: Encoding.self)
    }
    #if !$Embedded
    if let validationResult = contiguousResult { self = validationResult }
    #endif
    return nil
  }
  @inlinable public init<C, Encoding>(decoding codeUnits: C, as sourceEncoding: Encoding.Type) where C : Swift.Collection, Encoding : Swift._UnicodeEncoding {
    self.init()
  }
  @available(*, deprecated, message: "Use String(decoding:as:)")
  public init(legacy: Swift.Int)
  @available(macOS, introduced: 15.0)
  public func longFormOnMacOnly() -> Swift.Int
}
@frozen public struct Array<Element> {
  public var count: Swift.Int {
    get
  }
}
extension Swift.Sequence {
  @inlinable public func first(where predicate: (Self.Element) throws -> Swift.Bool) rethrows -> Self.Element? {
    for element in self { if try predicate(element) { return element } }
    return nil
  }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@frozen public struct Span<Element> : ~Swift.Escapable {
  public var count: Swift.Int {
    get
  }
  public func first(where predicate: (Element) throws -> Swift.Bool) rethrows -> Element?
  public func extracting(droppingFirst k: Swift.Int) -> Swift.Span<Element>
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Swift.Array {
  public var span: Swift.Span<Element> {
    get
  }
}
@frozen public struct Duration {
  public var components: (seconds: Swift.Int64, attoseconds: Swift.Int64) {
    get
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  public var attoseconds: Swift.Int128 {
    get
  }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@frozen public struct Int128 {
  public init(_ source: Swift.Int)
}
public struct OldLock {
  public init()
  public func withLock<R>(_ body: () throws -> R) rethrows -> R
}
@available(*, unavailable)
public func neverCallable() -> Swift.Int
@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
public func brandNew(_ value: Swift.Int, label: Swift.Int = 0)
public func brandNew(other: Swift.String)
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public func fulfill(_ value: Swift.Int)
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public enum NewEvent {
  case closing(Swift.Int, Swift.Int)
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct NewDecoder {
  public var dateDecodingStrategy: Swift.Int
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct Regex<Output> {
}
"""

SYNCHRONIZATION_INTERFACE = """\
// swift-interface-format-version: 1.0
// swift-module-flags: -module-name Synchronization
import Swift
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@frozen @_staticExclusiveOnly public struct Mutex<Value> : ~Swift.Copyable where Value : ~Copyable {
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @_alwaysEmitIntoClient @_transparent public init(_ initialValue: consuming Value) {
    handle = initialValue
  }
}
extension Synchronization.Mutex where Value : ~Copyable {
  @_alwaysEmitIntoClient @_transparent public borrowing func withLock<Result, E>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result where E : Swift.Error, Result : ~Copyable {
    return try body(&value)
  }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@frozen public struct Atomic<Value> {
  public func load(ordering: Synchronization.AtomicLoadOrdering) -> Value
}
"""

PACKAGE_SWIFT = """\
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Fixture",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Lib", targets: ["Lib"]),
    ],
    targets: [
        .target(name: "Lib"),
        .testTarget(name: "LibTests", dependencies: ["Lib"]),
    ]
)
"""


class FixturePackage:
    """A package and a toolchain in a temporary directory; run() runs the script's main()."""

    def __init__(self, test: unittest.TestCase):
        self._directory = tempfile.TemporaryDirectory()
        test.addCleanup(self._directory.cleanup)
        self.base = Path(self._directory.name)
        self.root = self.base / "package"
        self.interfaces = self.base / "toolchain" / "linux"
        self.write("Package.swift", PACKAGE_SWIFT)
        self.interface("Swift", SWIFT_INTERFACE)
        self.interface("Synchronization", SYNCHRONIZATION_INTERFACE)
        # A binary-only module, like Foundation on Linux.
        (self.interfaces / "Foundation.swiftmodule").mkdir(parents=True)
        (self.interfaces / "Foundation.swiftmodule" / "x86_64-unknown-linux-gnu.swiftmodule").write_bytes(
            b"\xde\xc0\x17\x0b\0JSONDecoder\0dateDecodingStrategy\0")  # identifiers, as compiled modules keep them

    def write(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        return path

    def interface(self, module: str, text: str, name: str = "x86_64-unknown-linux-gnu.swiftinterface") -> None:
        directory = self.interfaces / f"{module}.swiftmodule"
        directory.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(text)

    def run(self, *extra: str):
        """(exit status, stdout lines, stderr)."""
        out, err = io.StringIO(), io.StringIO()
        status = ca.main(["--root", str(self.root), "--interfaces", str(self.interfaces), *extra], out=out, err=err)
        return status, out.getvalue().splitlines(), err.getvalue()


class CheckAvailabilityTests(unittest.TestCase):

    def setUp(self):
        self.package = FixturePackage(self)

    def assertFinding(self, lines, path, line, api, needs="macOS 15.0 / iOS 18.0"):
        expected = f"{path}:{line}: {api} needs {needs} {DECLARED}"
        self.assertTrue(any(l.startswith(expected) for l in lines), f"no line starting {expected!r} in:\n" + "\n".join(lines))

    def assertNoFinding(self, lines, path):
        self.assertFalse([l for l in lines if l.startswith(path + ":")], "\n".join(lines))

    # The three cases the script exists for

    def test_an_unguarded_string_validating_is_reported_with_its_file_and_line(self):
        self.package.write("Sources/Lib/Decode.swift", """\
            func decode(_ bytes: [UInt8]) -> String? {
                // The one line that needs macOS 15:
                guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                return text
            }
            """)
        status, lines, _ = self.package.run()
        self.assertEqual(status, 1)
        self.assertFinding(lines, "Sources/Lib/Decode.swift", 3, "String(validating:as:)")
        self.assertIn("[library: Lib]", lines[0])  # the file is part of a library product
        self.assertTrue(lines[-1].startswith("1 uses of API newer than macOS 14 / iOS 17 in 1 files"), lines[-1])

    def test_guarded_uses_pass(self):
        self.package.write("Sources/Lib/Guarded.swift", """\
            func viaIf(_ bytes: [UInt8]) -> String? {
                if #available(macOS 15, iOS 18, *) {
                    return String(validating: bytes, as: UTF8.self)
                } else {
                    return String(decoding: bytes, as: UTF8.self)
                }
            }

            func viaGuard(_ bytes: [UInt8]) -> String? {
                guard #available(macOS 15.0, iOS 18.0, *) else { return nil }
                let text = String(validating: bytes, as: UTF8.self)
                return text
            }

            func viaUnavailable(_ bytes: [UInt8]) -> String? {
                if #unavailable(macOS 15, iOS 18) {
                    return nil
                } else {
                    return String(validating: bytes, as: UTF8.self)
                }
            }

            @available(macOS 15, iOS 18, *)
            func viaAttribute(_ bytes: [UInt8]) -> String? {
                String(validating: bytes, as: UTF8.self)
            }

            @available(macOS 15, iOS 18, *)
            extension Array {
                func viaExtension(_ bytes: [UInt8], other: Span<Element>) -> String? {
                    String(validating: bytes, as: UTF8.self)
                }
            }

            @available(macOS, introduced: 15.0)
            @available(iOS, introduced: 18.0)
            struct ViaLongForm {
                let lock = Mutex(0)
            }

            #if os(Linux)
            let linuxOnly = String(validating: [65], as: UTF8.self)
            #elseif canImport(Glibc)
            let glibcOnly = String(validating: [65], as: UTF8.self)
            #endif
            """)
        status, lines, err = self.package.run()
        self.assertEqual((status, len(lines)), (0, 1), "\n".join(lines))
        self.assertRegex(lines[0], r"^checked 1 files against \d+ annotated declarations: nothing newer than macOS 14 / iOS 17$")
        self.assertIn("Foundation", err)  # the modules without an interface are named

    def test_a_guard_for_one_platform_leaves_the_other_unguarded(self):
        self.package.write("Sources/Lib/Half.swift", """\
            func half(_ bytes: [UInt8]) -> String? {
                if #available(macOS 15, *) {
                    return String(validating: bytes, as: UTF8.self)
                }
                return nil
            }
            """)
        status, lines, _ = self.package.run()
        self.assertEqual(status, 1)
        self.assertFinding(lines, "Sources/Lib/Half.swift", 3, "String(validating:as:)", needs="iOS 18.0")

    def test_a_guard_ends_with_its_scope(self):
        self.package.write("Sources/Lib/Scope.swift", """\
            func scoped(_ bytes: [UInt8]) -> String? {
                do {
                    guard #available(macOS 15, iOS 18, *) else { return nil }
                    _ = String(validating: bytes, as: UTF8.self)
                }
                return String(validating: bytes, as: UTF8.self)
            }
            """)
        _, lines, _ = self.package.run()
        self.assertEqual([l.split(": ")[0] for l in lines[:-1]], ["Sources/Lib/Scope.swift:6"])

    def test_a_same_name_overload_available_earlier_is_not_reported(self):
        self.package.write("Sources/Lib/Overloads.swift", """\
            func overloads(_ numbers: [Int], lock: OldLock, duration: Duration) -> Int {
                let first = numbers.first(where: { $0 > 1 }) ?? 0    // Sequence.first(where:) is old
                let again = numbers.first { $0 > 2 } ?? 0              // the same, as a trailing closure
                let counted = lock.withLock { numbers.count }          // OldLock.withLock is old
                let parts = duration.components.attoseconds           // a tuple label, not Duration.attoseconds
                brandNew(other: "labels tell the overloads apart")     // the old brandNew(other:)
                return first + again + counted + Int(parts)
            }
            """)
        status, lines, _ = self.package.run()
        self.assertEqual(status, 0, "\n".join(lines))

    def test_type_level_availability_applies_to_members(self):
        self.package.write("Sources/Lib/Members.swift", """\
            func members(_ span: borrowing Span<Int>, numbers: [Int]) -> Int {
                let rest = span.extracting(droppingFirst: 1)
                let viaExtension = numbers.span
                let wide = Int128(5)
                brandNew(1)
                return rest.count
            }
            """)
        _, lines, _ = self.package.run()
        path = "Sources/Lib/Members.swift"
        self.assertFinding(lines, path, 1, "Span")
        self.assertFinding(lines, path, 2, "Span.extracting(droppingFirst:)")  # only the type says 15
        self.assertFinding(lines, path, 3, "Array.span")                       # only the extension says 15
        self.assertFinding(lines, path, 4, "Int128")
        self.assertFinding(lines, path, 5, "brandNew(_:label:)", needs="macOS 26.0 / iOS 26.0")  # not brandNew(other:)
        self.assertEqual(len(lines), 6, "\n".join(lines))

    def test_import_synchronization_and_its_types_are_reported(self):
        self.package.write("Tests/LibTests/Counter.swift", """\
            import Synchronization

            final class Counter: Sendable {
                let value = Mutex(0)
                let hits = Atomic<Int>(0)
                func next() -> Int { value.withLock { $0 += 1; return $0 } }
            }
            """)
        self.package.write("Tests/LibTests/GuardedCounter.swift", """\
            import Synchronization

            @available(macOS 15, iOS 18, *)
            final class GuardedCounter: Sendable {
                let value = Mutex(0)
            }
            """)
        _, lines, _ = self.package.run()
        path = "Tests/LibTests/Counter.swift"
        self.assertFinding(lines, path, 1, "import Synchronization (all of its declarations)")
        self.assertFinding(lines, path, 4, "Mutex")
        self.assertFinding(lines, path, 5, "Atomic")
        self.assertNoFinding(lines, "Tests/LibTests/GuardedCounter.swift")  # every use is guarded
        self.assertNotIn("[library", lines[0])  # a test target is in no product

    def test_a_type_of_the_same_name_in_an_imported_module_hides_nothing_it_does_not_import(self):
        # The package's own `Mutex` (as SheetLog's test support once had) counts only where imported.
        self.package.write("Sources/Lib/Mutex.swift", "public final class Mutex<Value> { public init(_ value: Value) {} }\n")
        self.package.write("Tests/LibTests/UsesOwn.swift", "import Lib\nimport Synchronization\nlet a = Mutex(1)\n")
        self.package.write("Tests/LibTests/UsesSystem.swift", "import Synchronization\nlet b = Mutex(1)\n")
        _, lines, _ = self.package.run()
        self.assertFalse([l for l in lines if l.startswith("Tests/LibTests/UsesOwn.swift:3")], "\n".join(lines))
        self.assertFinding(lines, "Tests/LibTests/UsesSystem.swift", 2, "Mutex")

    def test_comments_and_strings_are_ignored(self):
        self.package.write("Sources/Lib/Quiet.swift", '''\
            // String(validating: bytes, as: UTF8.self) in a line comment
            /* Mutex(0) in a block comment /* nested */ Int128(1) */
            let plain = "String(validating: bytes, as: UTF8.self) and Mutex(0)"
            let multi = """
                Mutex(0) \\(1 + 1) "quoted" String(validating: x, as: UTF8.self)
                """
            let raw = #"a "raw" string with \\(no interpolation) Mutex(0) "#
            let regex = /Int128\\(\\d+\\)/
            let slashes = "// not a comment"; let loud = Int128(7)
            let interpolated = "\\(String(validating: [65], as: UTF8.self) ?? "")"
            ''')
        _, lines, _ = self.package.run()
        path = "Sources/Lib/Quiet.swift"
        self.assertEqual(sorted(l.split(" needs")[0] for l in lines[:-1]), [
            f"{path}:10: String(validating:as:)",  # in an interpolation: code
            f"{path}:8: Regex",                    # the literal itself, not the Int128 it mentions
            f"{path}:9: Int128",                   # after a string holding `//`
        ])

    def test_what_the_file_binds_itself_is_not_assumed_to_be_a_declaration_elsewhere(self):
        self.package.write("Sources/Lib/Locals.swift", """\
            func run(_ fulfill: (Int) -> Void, later: (Int) -> Void) {
                fulfill(1)                                 // a parameter
                [1].forEach { fulfill in fulfill(2) }      // a closure parameter
                let brandNew = { (x: Int) in later(x) }    // a local constant
                brandNew(3)
            }
            func outer() {
                func fulfill(_ value: Int) {}              // a local function
                fulfill(4)
            }
            enum Event { case closing(open: Int, max: Int) }
            func state(_ event: Event) -> Int {
                switch event {
                case .closing(let open, let max): return open + max   // a pattern leaves the labels out
                }
            }
            struct Cache { let config: Int }               // its initializer is implicit
            let cache = Cache(config: 1)
            """)
        status, lines, _ = self.package.run()
        self.assertEqual(status, 0, "\n".join(lines))

    def test_members_named_as_in_a_binary_module_are_unknown(self):
        # Foundation's JSONDecoder.dateDecodingStrategy is not in the index, but its name is in
        # Foundation's compiled module: the newer NewDecoder.dateDecodingStrategy is not assumed.
        self.package.write("Sources/Lib/Decoding.swift", """\
            import Foundation
            func configure(_ decoder: JSONDecoder, numbers: [Int]) {
                decoder.dateDecodingStrategy = .iso8601
                _ = numbers.span
            }
            """)
        _, lines, _ = self.package.run()
        self.assertEqual([l.split(" needs")[0] for l in lines[:-1]], ["Sources/Lib/Decoding.swift:4: Array.span"])

    def test_the_conditions_after_an_available_check_are_guarded(self):
        self.package.write("Sources/Lib/Conditions.swift", """\
            func decode(_ bytes: [UInt8]) -> String? {
                if #available(macOS 15, iOS 18, *), let text = String(validating: bytes, as: UTF8.self) {
                    return text
                }
                return nil
            }
            """)
        status, lines, _ = self.package.run()
        self.assertEqual(status, 0, "\n".join(lines))

    def test_a_regex_literal_is_a_use_of_regex(self):
        self.package.write("Sources/Lib/Patterns.swift", """\
            let digits = /\\d+/
            let words = #/\\w+ / \\w+/#
            let ratio = 6 / 3 / 2
            """)
        _, lines, _ = self.package.run()
        self.assertFinding(lines, "Sources/Lib/Patterns.swift", 1, "Regex")
        self.assertFinding(lines, "Sources/Lib/Patterns.swift", 2, "Regex")
        self.assertEqual(len(lines), 3, "\n".join(lines))  # the divisions are no regex

    # Pieces

    def test_package_swift_platform_forms(self):
        for declaration, expected in [
            ("[.macOS(.v14), .iOS(.v17)]", {"macOS": (14,), "iOS": (17,)}),
            ('[.macOS("14.0"), .iOS("17.4")]', {"macOS": (14,), "iOS": (17, 4)}),
            ("[.macOS(.v13_3), .watchOS(.v10)]", {"macOS": (13, 3), "watchOS": (10,)}),
        ]:
            self.package.write("Package.swift", PACKAGE_SWIFT.replace("[.macOS(.v14), .iOS(.v17)]", declaration))
            self.assertEqual(ca.read_package(self.package.root).platforms, expected, declaration)

    def test_usage_errors_exit_2(self):
        (self.package.root / "Package.swift").unlink()
        status, _, err = self.package.run()
        self.assertEqual(status, 2)
        self.assertIn("no Package.swift", err)
        self.package.write("Package.swift", PACKAGE_SWIFT)
        status, _, err = self.package.run("--interfaces", str(self.package.base / "empty"))
        self.assertEqual(status, 0)  # one interface directory of two is enough
        out, err = io.StringIO(), io.StringIO()
        status = ca.main(["--root", str(self.package.root), "--interfaces", str(self.package.base / "empty")], out=out, err=err)
        self.assertEqual(status, 2)
        self.assertIn("no *.swiftmodule/*.swiftinterface", err.getvalue())

    def test_the_private_interface_is_not_read(self):
        # Were it read, this older overload would hide brandNew's requirement.
        self.package.interface("Swift", SWIFT_INTERFACE + "public func brandNew(_ value: Swift.Int, label: Swift.Int = 0)\n",
                               name="x86_64-unknown-linux-gnu.private.swiftinterface")
        self.package.write("Sources/Lib/New.swift", "func f() { brandNew(1, label: 2) }\n")
        _, lines, _ = self.package.run()
        self.assertFinding(lines, "Sources/Lib/New.swift", 1, "brandNew(_:label:)", needs="macOS 26.0 / iOS 26.0")

    def test_dependencies_declarations_count_with_their_macros(self):
        checkouts = self.package.base / "checkouts"
        dependency = checkouts / "some-dependency"
        (dependency / "Sources" / "DepModule").mkdir(parents=True)
        (dependency / "Package.swift").write_text(
            'let settings = [.enableExperimentalFeature("AvailabilityMacro=Dep 2.0:macOS 15.0, iOS 18.0")]\n')
        (dependency / "Sources" / "DepModule" / "API.swift").write_text(textwrap.dedent("""\
            @available(Dep 2.0, *)
            public func depNew() {}
            public func brandNew(_ value: Int, label: Int = 0) {}   // an old overload of the toolchain's
            func internalOnly(_ value: Int) {}
            """))
        self.package.write("Sources/Lib/Uses.swift", "import DepModule\nfunc f() {\n    depNew()\n    brandNew(1)\n}\n")
        _, lines, _ = self.package.run("--checkouts", str(checkouts))
        self.assertFinding(lines, "Sources/Lib/Uses.swift", 3, "depNew()")
        self.assertEqual(len(lines), 2, "\n".join(lines))  # brandNew(1) may be the dependency's
        _, _, err = self.package.run("--checkouts", str(self.package.base / "missing"))
        self.assertIn("no dependency checkouts", err)

    def test_interface_availability_parsing(self):
        tokens = ca.tokenize(SWIFT_INTERFACE, skip_bodies=True)
        tokens, _ = ca.resolve_conditional_compilation(tokens, None)
        decls = ca.DeclarationWalker(tokens, "Swift", "toolchain", {}, public_only=True).walk()
        by_name = {(d.container, d.name, d.params and tuple(p[0] for p in d.params)): d.availability for d in decls}
        self.assertEqual(by_name[("String", "init", ("validating", "as"))]["iOS"], (18,))
        self.assertEqual(by_name[("String", "init", ("legacy",))], {})           # deprecated-only: no requirement
        self.assertEqual(by_name[("String", "longFormOnMacOnly", ())], {"macOS": (15,)})
        self.assertEqual(by_name[("Span", "extracting", ("droppingFirst",))]["macOS"], (15,))
        self.assertEqual(by_name[(None, "neverCallable", ())], {"*": ca.UNAVAILABLE})

    def test_argument_labels_match_defaults_trailing_closures_and_variadics(self):
        T = ca.TRAILING
        brand_new = ((None, False, False), ("label", True, False))
        self.assertTrue(ca.labels_match(brand_new, (None,)))
        self.assertTrue(ca.labels_match(brand_new, (None, "label")))
        self.assertFalse(ca.labels_match(brand_new, ("label",)))
        validating = (("validating", False, False), ("as", False, False))
        self.assertFalse(ca.labels_match(validating, ("validating",)))
        task_handler = (("operation", False, False), ("onCancel", False, False), ("isolation", True, False))
        self.assertTrue(ca.labels_match(task_handler, (T, "onCancel")))
        variadic = ((None, True, True), ("separator", True, False))
        self.assertTrue(ca.labels_match(variadic, (None, None, None, "separator")))
        self.assertTrue(ca.labels_match(variadic, ()))

    def test_conditions_of_if_directives(self):
        def evaluate(condition, platform):
            return ca.evaluate_condition(ca.tokenize(condition), platform)
        self.assertIs(evaluate("os(Linux)", "macOS"), False)
        self.assertIs(evaluate("canImport(Darwin) && !os(iOS)", "macOS"), True)
        self.assertIs(evaluate("canImport(Darwin) && !os(iOS)", "iOS"), False)
        self.assertIsNone(evaluate("DEBUG || os(Linux)", "macOS"))
        self.assertIs(evaluate("os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)", "iOS"), True)


if __name__ == "__main__":
    unittest.main()
