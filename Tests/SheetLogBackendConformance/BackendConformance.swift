import SheetLogStorage

/// What every ``SheetLogBackend`` must honour beyond the event store suite, as named checks any
/// backend's tests run (SQLite on a file and in memory now, PostgreSQL later): the deciding append
/// (the decision on the log as committed, expected versions, limits, receipts, idempotency by id, a
/// second pass with ids looked up), log marks, the read models committed with their events and
/// read back in order, verify and rebuild, and the facade's flows on the backend.
package enum BackendConformance {
    /// Every check, concern by concern.
    package static let checks: [BackendCheck] = [
        // The deciding append: BackendConformance+DecidingAppend.swift
        BackendCheck("theDecisionReadsTheLogAsCommitted", theDecisionReadsTheLogAsCommitted),
        BackendCheck("nothingToAppendWritesNothing", nothingToAppendWritesNothing),
        BackendCheck("aThrowingDecisionWritesNothing", aThrowingDecisionWritesNothing),
        BackendCheck("batchesAreCheckedAgainstTheirExpectedVersions", batchesAreCheckedAgainstTheirExpectedVersions),
        BackendCheck("inputLimitsAreChecked", inputLimitsAreChecked),
        BackendCheck("receiptsAreStoredWithTheAppend", receiptsAreStoredWithTheAppend),
        BackendCheck("aRetryIsRecognisedByItsIDs", aRetryIsRecognisedByItsIDs),
        BackendCheck("otherContentUnderAStoredIDConflicts", otherContentUnderAStoredIDConflicts),
        BackendCheck("aDecisionThatLookedItsIDsUpIsTrusted", aDecisionThatLookedItsIDsUpIsTrusted),
        BackendCheck("theTransactionFindsEventsByID", theTransactionFindsEventsByID),
        // Log marks: BackendConformance+Marks.swift
        BackendCheck("aMarkMovesWithEveryAppend", aMarkMovesWithEveryAppend),
        // The read models: BackendConformance+ReadModels.swift
        BackendCheck("theReadModelsAreWrittenWithTheEvents", theReadModelsAreWrittenWithTheEvents),
        BackendCheck("aRefusedAppendLeavesNoRows", aRefusedAppendLeavesNoRows),
        BackendCheck("anEventTheProjectionsRefuseRollsTheAppendBack", anEventTheProjectionsRefuseRollsTheAppendBack),
        BackendCheck("auditQueriesFilterInLogOrder", auditQueriesFilterInLogOrder),
        // Verify and rebuild: BackendConformance+Verify.swift
        BackendCheck("aLogTheBackendWroteVerifies", aLogTheBackendWroteVerifies),
        BackendCheck("aRebuildWritesTheSameRows", aRebuildWritesTheSameRows),
        // The facade on the backend: BackendConformance+Facade.swift
        BackendCheck("theFacadeRecordsThroughTheBackend", theFacadeRecordsThroughTheBackend),
        BackendCheck("theFacadeDecidesOnTheSessionAsStored", theFacadeDecidesOnTheSessionAsStored),
    ]
}
