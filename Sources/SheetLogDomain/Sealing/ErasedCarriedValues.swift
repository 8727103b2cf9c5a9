/// The values an export writes for the carried drafts of a subject erased after its log's base (the
/// `baseSession` lines), for the reason ``ErasedEditValues`` gives for the edits: the copy records
/// them, decides the commands after the base with them, and erases the subject where the original did.
///
/// Erased, a baseline and a draft read alike (`[erased]` equals `[erased]`), and a restore refuses to
/// record a value read as erased: a carried draft restored after the cut could not be copied. The
/// presentation's ``Presentation/editedFields`` still tell which fields differed from the baseline (a
/// sealed event records exactly that, ``RecordedChanges``), which is what the commands are decided on:
/// - an erased baseline value becomes `[erased]`;
/// - an erased draft value of a field that differed gets a value no other equals, `[erased base N]`,
///   N counting such values across the export from 1;
/// - an erased draft value of a field that did not differ becomes the baseline's, as written here
///   (`null` where the baseline lacks the field: the draft's value was empty).
///
/// Pure: a presentation in, the same presentation with stand-ins out.
///
/// ```swift
/// var next = 1
/// ErasedCarriedValues.replaceErased(in: &presentation, numbering: &next)   // amount: "[erased base 1]"
/// ```
public enum ErasedCarriedValues {
    /// Replaces the erased values of `presentation`'s baseline and draft; `next` is the number of the
    /// next `[erased base N]`, advanced past the ones given.
    public static func replaceErased(in presentation: inout Presentation, numbering next: inout Int) {
        let standIn = FieldValue.string(FieldValue.erased.storedStandIn!)
        for field in presentation.baseline.keys.sorted() where presentation.baseline[field] == .erased {
            presentation.baseline[field] = standIn
        }
        for field in presentation.values.keys.sorted() where presentation.values[field] == .erased {
            if presentation.editedFields.contains(field) {
                presentation.values[field] = .string("[erased base \(next)]")
                next += 1
            } else {
                presentation.values[field] = presentation.baseline[field] ?? .null
            }
        }
    }
}
