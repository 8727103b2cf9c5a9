/// The form a reader gives the fleet's reader token in (`sheetlog-server token add --read NAME`).
enum LoginPage {
    static func render(problem: String? = nil) -> HTML {
        let message: HTML = problem.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" } ?? .empty
        let content: HTML = """
            <section class="error-page login">
            <h1>Sign in to the fleet</h1>
            <p>Reading the fleet's logs takes a reader token, made with <code>sheetlog-server token add --read NAME</code>.</p>
            \(message)
            <form method="post" action="/login">
            <label for="token">Reader token</label>
            <input id="token" name="token" type="password" autocomplete="off" required maxlength="\(ReaderSession.maxTokenBytes)">
            <button type="submit">Sign in</button>
            </form>
            </section>
            """
        return PageLayout.render(title: "Sign in", page: "login", device: nil, section: .none, content: content)
    }
}
