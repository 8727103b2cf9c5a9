import SheetLogTestSupport

/// Plays one session of the workload: a user presenting sheets, typing, trying to leave, confirming.
///
/// It follows DESIGN.md's dismissal table (guards, outcomes, confirmations) closely enough that the
/// events are what SheetLog's decider would append for the same commands; SheetLog's own domain,
/// not this simulator, is the authority when the lead replays the workload as commands.
struct SessionSimulator {
    /// An event of this session before interleaving: no position, id or time yet.
    struct Step {
        var type: String
        var payload: String
        /// Set for `attemptDismiss`: the dismissal it records, with a resolution filled in later.
        var dismissal: WorkloadDismissal?
    }

    private struct Sheet {
        var presentation: String
        var route: WorkloadRoute
        var baseline: [String: String]  // field → encoded JSON scalar
        var values: [String: String]
        var confirmationOffersSave: Bool?
        var pendingDismissalStep: Int?

        func isEmpty(_ encoded: String?) -> Bool { encoded == nil || encoded == "\"\"" || encoded == "null" }
        var isDirty: Bool { route.fields.contains { field in !same(baseline[field], values[field]) } }
        var canSave: Bool { route.required.allSatisfy { !isEmpty(values[$0]) } }
        var isDismissDisabled: Bool { route.guardMode == "always" || (route.guardMode == "whenDirty" && isDirty) }

        func same(_ left: String?, _ right: String?) -> Bool { left == right || (isEmpty(left) && isEmpty(right)) }
    }

    /// A launch is due once the session has run this many steps since the previous one.
    static let stepsPerLaunch = 100

    private(set) var steps: [Step] = []
    private var stack: [Sheet] = []
    private var presented = 0
    /// Drafts that left the screen dirty without save or confirmDiscard, oldest first: what the
    /// next launch's recovery screen lists.
    private var recoverable: [String] = []
    private var nextLaunch = stepsPerLaunch
    private let session: String

    init(session: String) {
        self.session = session
    }

    /// Appends steps until the session holds `length` events (the last one may leave a draft open).
    mutating func run(length: Int, endsCleanly: Bool, using generator: inout SplitMix64) {
        while steps.count < length {
            if endsCleanly && steps.count == length - 1 {
                steps.append(Step(type: "endSession", payload: "{}"))
                break
            }
            step(using: &generator)
        }
        for index in steps.indices where steps[index].dismissal?.resolution == "" {
            steps[index].dismissal?.resolution = "pending"
        }
    }

    private mutating func step(using generator: inout SplitMix64) {
        guard let top = stack.last else {
            if steps.count >= nextLaunch, !recoverable.isEmpty { return resolveRecoverableDraft() }
            return present(using: &generator)
        }
        if top.confirmationOffersSave != nil { return resolveConfirmation(using: &generator) }
        let draw = Double.random(in: 0..<1, using: &generator)
        if draw < 0.75 { return edit(using: &generator) }
        if draw < 0.87 { return attemptDismiss(using: &generator) }
        if draw < 0.97, top.canSave { return save() }
        if draw >= 0.97, stack.count < 2 { return present(using: &generator) }
        edit(using: &generator)
    }

    private mutating func present(using generator: inout SplitMix64) {
        let groups = Set(stack.map(\.route.group))
        guard let route = WorkloadRoute.random(using: &generator, excludingGroups: groups) else {
            return edit(using: &generator)
        }
        presented += 1
        var baseline: [String: String] = [:]
        if !route.isCreation {
            for field in route.fields { baseline[field] = Self.randomValue(using: &generator) }
        }
        let sheet = Sheet(presentation: "p\(presented)", route: route, baseline: baseline, values: baseline)
        var routeMembers = [("name", JSONText.string(route.name)), ("group", JSONText.string(route.group))]
        if !route.isCreation {
            let item = String(UInt32.random(in: 1...99_999, using: &generator))
            routeMembers.append(("params", JSONText.object([("itemID", JSONText.string(item))])))
        }
        let payload = JSONText.object([
            ("presentation", JSONText.string(sheet.presentation)),
            ("route", JSONText.object(routeMembers)),
            ("baseline", JSONText.object(route.fields.compactMap { f in baseline[f].map { (f, $0) } })),
            ("required", JSONText.array(route.required)),
            ("guard", JSONText.string(route.guardMode)),
        ])
        stack.append(sheet)
        steps.append(Step(type: "present", payload: payload))
    }

    private mutating func edit(using generator: inout SplitMix64) {
        var top = stack.removeLast()
        let field = top.route.fields.randomElement(using: &generator)!
        var value: String
        // Now and then the user types a field back to where it started, which makes it clean again.
        if Int.random(in: 0..<10, using: &generator) == 0 {
            value = top.baseline[field] ?? "\"\""
        } else {
            value = Self.randomValue(using: &generator)
        }
        // An edit that changes nothing appends nothing in SheetLog (a value equal to the current
        // one, or empty over empty): draw until the field really changes, so that every step is an event.
        while top.same(value, top.values[field]) { value = Self.randomValue(using: &generator) }
        top.values[field] = value
        stack.append(top)
        steps.append(Step(type: "edit", payload: JSONText.object([
            ("presentation", JSONText.string(top.presentation)), ("field", JSONText.string(field)), ("value", value),
        ])))
    }

    private mutating func attemptDismiss(using generator: inout SplitMix64) {
        let sourceDraw = Int.random(in: 0..<10, using: &generator)
        let source = sourceDraw < 6 ? "swipe" : sourceDraw < 9 ? "cancelButton" : "programmatic"
        var top = stack.removeLast()
        var outcome = "dismissed"
        var offersSave: Bool?
        if top.isDismissDisabled {
            if top.isDirty {
                if source == "programmatic" { outcome = "forced" } else {
                    outcome = "blocked"
                    offersSave = source == "swipe"
                }
            } else if source == "swipe" {
                outcome = "blocked"
            }
        }
        var members = [("presentation", JSONText.string(top.presentation)), ("source", JSONText.string(source)),
                       ("outcome", JSONText.string(outcome))]
        if let offersSave { members.append(("offersSave", offersSave ? "true" : "false")) }
        let resolution = offersSave != nil ? "" : outcome
        let dismissal = WorkloadDismissal(
            position: 0, session: session, presentation: top.presentation, route: top.route.name, source: source,
            outcome: outcome, resolution: resolution, discardedFields: nil, occurredAt: 0)
        if outcome != "blocked", top.isDirty { recoverable.append(top.presentation) }
        if outcome == "blocked" {
            top.confirmationOffersSave = offersSave
            top.pendingDismissalStep = offersSave != nil ? steps.count : nil
            stack.append(top)
        }
        steps.append(Step(type: "attemptDismiss", payload: JSONText.object(members), dismissal: dismissal))
    }

    private mutating func resolveConfirmation(using generator: inout SplitMix64) {
        var top = stack.removeLast()
        let draw = Int.random(in: 0..<20, using: &generator)
        let pending = top.pendingDismissalStep
        if draw < 9 {
            let lost = top.route.fields.filter { !top.same(top.baseline[$0], top.values[$0]) }
            if let pending {
                steps[pending].dismissal?.resolution = "discarded"
                steps[pending].dismissal?.discardedFields = JSONText.array(lost)
            }
            steps.append(Step(type: "confirmDiscard", payload: JSONText.object([
                ("presentation", JSONText.string(top.presentation)), ("discardedFields", JSONText.array(lost)),
            ])))
            return
        }
        if draw >= 16, top.confirmationOffersSave == true, top.canSave {
            if let pending { steps[pending].dismissal?.resolution = "saved" }
            stack.append(top)
            return save()
        }
        if let pending { steps[pending].dismissal?.resolution = "kept" }
        top.confirmationOffersSave = nil
        top.pendingDismissalStep = nil
        stack.append(top)
        steps.append(Step(type: "keepEditing", payload: JSONText.object([("presentation", JSONText.string(top.presentation))])))
    }

    /// A launch: with nothing on screen, the app lists the recoverable drafts left since the
    /// previous launch and the user declines them one by one (one step each), as a recovery screen
    /// is answered before the app goes on; the next launch is due ``stepsPerLaunch`` steps later.
    private mutating func resolveRecoverableDraft() {
        let presentation = recoverable.removeFirst()
        if recoverable.isEmpty { nextLaunch = steps.count + 1 + Self.stepsPerLaunch }
        steps.append(Step(type: "declineDraft", payload: JSONText.object([("presentation", JSONText.string(presentation))])))
    }

    private mutating func save() {
        let top = stack.removeLast()
        let values = top.route.fields.compactMap { field in top.values[field].map { (field, $0) } }
        steps.append(Step(type: "save", payload: JSONText.object([
            ("presentation", JSONText.string(top.presentation)), ("values", JSONText.object(values)),
        ])))
    }

    /// A field value: mostly a 5–120-byte string, sometimes a number, a bool or null.
    static func randomValue(using generator: inout SplitMix64) -> String {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: return "null"
        case 1: return Bool.random(using: &generator) ? "true" : "false"
        case 2...4: return String(Double(Int.random(in: 1...999_999, using: &generator)) / 100)
        default:
            let length = Int.random(in: 5...120, using: &generator)
            var text = ""
            text.reserveCapacity(length)
            while text.utf8.count < length { text.append(alphabet.randomElement(using: &generator)!) }
            return JSONText.string(text)
        }
    }

    private static let alphabet: [Character] = Array(
        "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 .,-'\"é")
}
