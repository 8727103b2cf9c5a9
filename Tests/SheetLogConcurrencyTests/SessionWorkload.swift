/// Valid ingest lines for one session: rounds of present → edit → swipe (blocked) → keepEditing →
/// edit → save, then two clean sheets closed by one `dismissAll` (a line with two events).
///
/// Every line's id is `<unit>/<session>/<n>`: the unit is what must commit as one contiguous
/// block of positions (a default-mode file, or a line under `--each`).
struct SessionWorkload {
    let session: String

    /// The lines of `rounds` rounds starting at round `first`, all with ids in `unit` (or each line its own unit).
    func lines(rounds: Range<Int>, unit: String?) -> [String] {
        var lines: [String] = []
        for round in rounds {
            let body = [
                #""type":"present","presentation":"p\#(round)","route":{"name":"expense\#(round)","group":"editor"},"required":["amount"]"#,
                #""type":"edit","field":"amount","value":"\#(round).50""#,
                #""type":"attemptDismiss","source":"swipe","outcome":"blocked""#,
                #""type":"keepEditing""#,
                #""type":"edit","field":"note","value":"Café \#(round) ✓""#,
                #""type":"save""#,
                #""type":"present","presentation":"q\#(round)","route":{"name":"settings"},"guard":"never""#,
                #""type":"present","presentation":"w\#(round)","route":{"name":"picker"}"#,
                #""type":"dismissAll","source":"cancelButton""#,
            ]
            for (index, fields) in body.enumerated() {
                let line = "\(session)-\(round)-\(index)"
                let id = unit.map { "\($0)/\(line)" } ?? "\(line)/\(line)"
                lines.append(#"{"session":"\#(session)","id":"\#(id)",\#(fields)}"#)
            }
        }
        return lines
    }

    /// The unit of an event id (`unit/line` or `unit/line#2`).
    static func unit(of eventID: String) -> String {
        String(eventID.prefix { $0 != "/" })
    }
}
