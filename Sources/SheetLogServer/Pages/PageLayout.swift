/// The frame of every page: head (the one stylesheet and the one script, same-origin), the top bar
/// with the device's sections, and the page's content.
enum PageLayout {
    /// The sections of the top bar.
    enum Section: String {
        case sessions
        case audit
        case drafts
        case erasures
        case none
    }

    static func render(title: String, page: String, device: String?, section: Section, content: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · SheetLog viewer</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="\(ViewerPaths.style)">
        <script src="\(ViewerPaths.script)" defer></script>
        </head>
        <body data-page="\(page)">
        <header class="topbar">
        <a class="brand" href="/">SheetLog <span>viewer</span></a>
        \(navigation(device: device, section: section))
        \(signOut())
        </header>
        <main>
        \(content)
        </main>
        </body>
        </html>

        """
    }

    /// A signed-in reader's name and the sign-out form (with the session's CSRF token), on the
    /// pages of a sign-in session; nothing for the open viewer or a request with a Bearer token.
    private static func signOut() -> HTML {
        guard let reader = SignedInReader.current, let csrf = reader.csrf else { return .empty }
        return """
            <form class="sign-out" method="post" action="/logout"><span>signed in as <b>\(reader.credential.readerName ?? "")</b></span>\
            \(csrfField(csrf))<button type="submit" id="sign-out">Sign out</button></form>
            """
    }

    /// The hidden field that carries the sign-in session's CSRF token in a form that changes something.
    static func csrfField(_ csrf: String) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
    }

    private static func navigation(device: String?, section: Section) -> HTML {
        guard let device else { return .empty }
        let links: [(Section, String, String)] = [
            (.sessions, "Sessions", ViewerPaths.sessions(device: device)),
            (.audit, "Audit", ViewerPaths.audit(device: device)),
            (.drafts, "Drafts", ViewerPaths.drafts(device: device)),
            (.erasures, "Erasures", ViewerPaths.erasures(device: device)),
        ]
        let items = links.map { linkSection, label, path -> HTML in
            linkSection == section
                ? "<a href=\"\(path)\" aria-current=\"page\">\(label)</a>"
                : "<a href=\"\(path)\">\(label)</a>"
        }
        return "<nav class=\"sections\" aria-label=\"Sections\">\(items)</nav><span class=\"device\">device <b>\(device)</b></span>"
    }
}
