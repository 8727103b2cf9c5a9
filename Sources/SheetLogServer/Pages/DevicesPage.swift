/// `/` when the reader serves more than one device: one link per device.
enum DevicesPage {
    /// `accessLog`: the fleet's page links its access log (every reveal of values).
    static func render(devices: [String], accessLog: Bool = false) -> HTML {
        let items = devices.map { device -> HTML in "<li><a href=\"\(ViewerPaths.sessions(device: device))\">\(device)</a></li>" }
        let summary: HTML = accessLog
            ? "<p class=\"summary\">Form values are masked; every reveal is in the <a href=\"\(ViewerPaths.accessLog)\">access log</a>.</p>"
            : .empty
        let content: HTML = """
            <header class="page-head"><h1>Devices</h1>\(summary)</header>
            <ul class="devices">\(items)</ul>
            """
        return PageLayout.render(title: "Devices", page: "devices", device: nil, section: .none, content: content)
    }
}
