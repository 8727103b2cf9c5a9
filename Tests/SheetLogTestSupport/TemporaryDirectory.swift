import Foundation

/// A fresh directory for one test's files, removed with the value.
///
/// ```swift
/// let directory = try TemporaryDirectory("audit")
/// let database = try SheetLogDatabase.open(path: directory.path("sheets.sqlite"))
/// ```
package final class TemporaryDirectory: Sendable {
    package let url: URL

    /// Creates `sheetlog-LABEL-UUID` in the system's temporary directory.
    package init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sheetlog-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    package func path(_ name: String = "sheets.sqlite") -> String {
        url.appendingPathComponent(name).path
    }
}
