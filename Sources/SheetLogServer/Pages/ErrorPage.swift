/// The page shown for an error on a page's path: the status, the code and the message, nothing more.
package enum ErrorPage {
    package static func render(_ reply: ErrorReply) -> HTML {
        let content: HTML = """
            <section class="error-page">
            <h1>\(Int(reply.status.code)) \(reply.status.reasonPhrase)</h1>
            <p class="error-message" data-code="\(reply.code)">\(reply.message)</p>
            <p><a href="/">Back to the sessions</a></p>
            </section>
            """
        return PageLayout.render(title: reply.status.reasonPhrase, page: "error", device: nil, section: .none, content: content)
    }
}
