import SheetLogDomain
import Testing

@Suite("field values")
struct FieldValueTests {
    @Test("empty is \"\", null and absent; nothing else")
    func empty() {
        #expect(FieldValue.string("").isEmpty)
        #expect(FieldValue.null.isEmpty)
        #expect(FieldValue.isEmpty(nil))
        #expect(!FieldValue.string(" ").isEmpty)
        #expect(!FieldValue.number(0).isEmpty)
        #expect(!FieldValue.bool(false).isEmpty)
    }

    @Test("equivalence treats every empty alike and keeps types apart")
    func equivalence() {
        #expect(FieldValue.equivalent("", nil))
        #expect(FieldValue.equivalent(.null, ""))
        #expect(FieldValue.equivalent(3, 3.0))
        #expect(!FieldValue.equivalent(3, "3"))
        #expect(!FieldValue.equivalent(false, nil))
    }

    @Test("changed fields compare over both key sets, sorted")
    func changedFields() {
        let baseline: [String: FieldValue] = ["a": 1, "b": "x", "c": ""]
        #expect(FieldValue.changedFields(from: baseline, to: ["a": 1, "b": "x"]) == [])
        #expect(FieldValue.changedFields(from: baseline, to: ["a": 2, "d": "new", "c": nil]) == ["a", "b", "d"])
        #expect(FieldValue.differ(baseline, ["a": 1]))
        #expect(!FieldValue.differ([:], ["x": "", "y": nil]))
    }

    @Test("only non-finite numbers are not finite")
    func finite() {
        #expect(FieldValue.number(1e308).isFinite)
        #expect(!FieldValue.number(.infinity).isFinite)
        #expect(!FieldValue.number(.nan).isFinite)
        #expect(FieldValue.string("inf").isFinite)
    }
}
