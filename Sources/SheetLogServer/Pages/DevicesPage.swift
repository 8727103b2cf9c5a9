/// `/` when the reader serves more than one device: one link per device.
enum DevicesPage {
    static func render(devices: [String]) -> HTML {
        let items = devices.map { device -> HTML in "<li><a href=\"\(ViewerPaths.sessions(device: device))\">\(device)</a></li>" }
        let content: HTML = """
            <header class="page-head"><h1>Devices</h1></header>
            <ul class="devices">\(items)</ul>
            """
        return PageLayout.render(title: "Devices", page: "devices", device: nil, section: .none, content: content)
    }
}
