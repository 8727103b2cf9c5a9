import SheetLogCore

/// The behaviour every ``EventStore`` shares, as named checks any backend's tests run: the SQLite
/// store (on a file and in memory) and PostgreSQL's.
///
/// The cases follow the recorder tests of Python's `eventsourcing`, Commanded's
/// `AppendEventsTestCase` and Akka's journal TCK; each `StoreConformance+Concern.swift` file holds
/// one concern. A check that takes a case (an expected-version mode, an invalid input …) is one
/// check per case.
package enum StoreConformance {
    /// Every check, concern by concern.
    package static let checks: [StoreCheck] = {
        var checks: [StoreCheck] = []
        // Appends and selects: StoreConformance+Basics.swift
        checks += [
            StoreCheck("insertAndSelect", insertAndSelect),
            StoreCheck("aConflictingBatchStoresNothing", aConflictingBatchStoresNothing),
            StoreCheck("multiStreamAppendIsOneBatchInOrder", multiStreamAppendIsOneBatchInOrder),
            StoreCheck("streamsAreKeptApart", streamsAreKeptApart),
            StoreCheck("recordedAtComesFromTheStoreClock", recordedAtComesFromTheStoreClock),
            StoreCheck("anEmptyAppendStoresNothing", anEmptyAppendStoresNothing),
        ]
        // Every expected-version mode: StoreConformance+ExpectedVersion.swift
        checks += [
            StoreCheck("appendsWithConsecutiveExactVersions", appendsWithConsecutiveExactVersions),
        ]
        checks += [ExpectedVersion.any, .noStream, .exact(0)].map { mode in
            StoreCheck("newStreamAcceptsModesThatAllowNoEvents(\(mode))") { try await newStreamAcceptsModesThatAllowNoEvents($0, mode: mode) }
        }
        checks += [ExpectedVersion.streamExists, .exact(1), .exact(3)].map { mode in
            StoreCheck("newStreamRefusesModesThatNeedEvents(\(mode))") { try await newStreamRefusesModesThatNeedEvents($0, mode: mode) }
        }
        checks += [ExpectedVersion.any, .streamExists, .exact(2)].map { mode in
            StoreCheck("existingStreamAcceptsMatchingModes(\(mode))") { try await existingStreamAcceptsMatchingModes($0, mode: mode) }
        }
        checks += [ExpectedVersion.noStream, .exact(0), .exact(1), .exact(3)].map { mode in
            StoreCheck("existingStreamRefusesWrongModesAndAppendsNothing(\(mode))") { try await existingStreamRefusesWrongModesAndAppendsNothing($0, mode: mode) }
        }
        checks += [
            StoreCheck("twoWritersAtTheSameVersionOneWins", twoWritersAtTheSameVersionOneWins),
        ]
        // Retries by event id: StoreConformance+Idempotency.swift
        checks += [
            StoreCheck("exactRetryReturnsTheOriginalsAndAppendsNothing", exactRetryReturnsTheOriginalsAndAppendsNothing),
            StoreCheck("retryOfAMultiStreamAppend", retryOfAMultiStreamAppend),
        ]
        checks += ContentChange.allCases.map { change in
            StoreCheck("sameIDWithOtherContentConflicts(\(change.testDescription))") { try await sameIDWithOtherContentConflicts($0, change: change) }
        }
        checks += [
            StoreCheck("sameIDInAnotherStreamConflicts", sameIDInAnotherStreamConflicts),
            StoreCheck("mixingStoredAndNewIDsConflicts", mixingStoredAndNewIDsConflicts),
        ]
        // Input limits: StoreConformance+InputLimits.swift
        checks += InvalidInput.allCases.map { input in
            StoreCheck("invalidInputIsRefusedAndStoresNothing(\(input.testDescription))") { try await invalidInputIsRefusedAndStoresNothing($0, input: input) }
        }
        checks += [
            StoreCheck("aPayloadAtTheLimitIsAccepted", aPayloadAtTheLimitIsAccepted),
        ]
        // Reads: StoreConformance+Reading.swift
        checks += [
            StoreCheck("replayBounds", replayBounds),
            StoreCheck("replayWithMaxCount", replayWithMaxCount),
            StoreCheck("replayOutsideTheStreamReturnsNothing", replayOutsideTheStreamReturnsNothing),
            StoreCheck("descendingReads", descendingReads),
            StoreCheck("readAllWithStartLimitStopAndTypes", readAllWithStartLimitStopAndTypes),
            StoreCheck("eventsByIDInPositionOrder", eventsByIDInPositionOrder),
        ]
        // The integrity chain: StoreConformance+Chain.swift
        checks += [
            StoreCheck("recordedChainsLinkFromGenesis", recordedChainsLinkFromGenesis),
            StoreCheck("appendResultsCarryTheStoredChain", appendResultsCarryTheStoredChain),
            StoreCheck("tamperingIsFoundAtItsPosition", tamperingIsFoundAtItsPosition),
        ]
        checks += everyColumnChange.map { change in
            StoreCheck("everyColumnIsChained(\(change))") { try await everyColumnIsChained($0, change: change) }
        }
        checks += [
            StoreCheck("aDowngradeToRuleOneIsRefused", aDowngradeToRuleOneIsRefused),
            StoreCheck("ruleOneEventsKeepVerifying", ruleOneEventsKeepVerifying),
        ]
        // Concurrent writers and readers: StoreConformance+Concurrency.swift
        checks += [
            StoreCheck("concurrentWritersToDifferentStreamsDoNotConflict", concurrentWritersToDifferentStreamsDoNotConflict),
            StoreCheck("racingBatchesDoNotInterleave", racingBatchesDoNotInterleave),
            StoreCheck("aPollingReaderNeverObservesAGap", aPollingReaderNeverObservesAGap),
        ]
        // Subscriptions: StoreConformance+Subscription.swift
        checks += [
            StoreCheck("backlogThenLiveInOrder", backlogThenLiveInOrder),
            StoreCheck("twoSubscribersSeeTheSameSequence", twoSubscribersSeeTheSameSequence),
            StoreCheck("subscribingAtTheLastPositionYieldsOnlyNewEvents", subscribingAtTheLastPositionYieldsOnlyNewEvents),
            StoreCheck("subscribingDuringAppendsNeitherSkipsNorRepeats", subscribingDuringAppendsNeitherSkipsNorRepeats),
            StoreCheck("cancellationEndsTheSubscription", cancellationEndsTheSubscription),
        ]
        // Reopening a file: StoreConformance+Reopen.swift
        checks += [
            StoreCheck("reopeningKeepsTheLogAndItsRules", reopeningKeepsTheLogAndItsRules),
        ]
        return checks
    }()
}
