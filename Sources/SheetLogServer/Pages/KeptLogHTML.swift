import SheetLog
import SheetLogReports

/// The line a page of a pruned log shows under its heading: where the kept log begins.
enum KeptLogHTML {
    static func paragraph(_ base: LogBase?) -> HTML {
        guard let base else { return .empty }
        return "<p class=\"kept-log\">\(KeptLogText.sentence(base))</p>"
    }
}
