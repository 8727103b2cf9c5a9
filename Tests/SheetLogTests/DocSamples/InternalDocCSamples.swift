import Foundation
@testable import SheetLog
import Testing

/// The examples of DocC comments on the facade's internal types, compiled and run.
@Suite struct InternalDocCSamples {
    @Test func epochMilliseconds() {
        // doc-sample: Sources/SheetLog/EpochMilliseconds.swift
        assert(EpochMilliseconds.date(1_767_225_600_250) == Date(timeIntervalSince1970: 1_767_225_600.25))
        assert(EpochMilliseconds.ceiling(Date(timeIntervalSince1970: 1_767_225_600.2504)) == 1_767_225_600_251)
        // end doc-sample
        #expect(EpochMilliseconds.ceiling(Date(timeIntervalSince1970: 1_767_225_600.2504)) == 1_767_225_600_251)
    }

    @Test func metadataTexts() {
        // doc-sample: Sources/SheetLog/MetadataTexts.swift
        let texts = MetadataTexts(base: ["appVersion": "2.3.1"])
        assert(texts.json(command: "edit") == #"{"appVersion":"2.3.1","command":"edit"}"#)
        // end doc-sample
        #expect(texts.json(command: "edit") == #"{"appVersion":"2.3.1","command":"edit"}"#)
    }
}
