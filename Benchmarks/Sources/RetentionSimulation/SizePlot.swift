import Foundation

/// The file-size figure as SVG, drawn here (no plotting library): one line per run, file size in MB
/// over the days, on shared axes, with a legend.
public struct SizePlot {
    public struct Series {
        public var label: String
        public var color: String
        public var dashed: Bool
        public var days: [SimulatedDay]

        public init(label: String, color: String, dashed: Bool = false, days: [SimulatedDay]) {
            self.label = label
            self.color = color
            self.dashed = dashed
            self.days = days
        }
    }

    public var title: String
    public var series: [Series]

    public init(title: String, series: [Series]) {
        self.title = title
        self.series = series
    }

    static let width = 760.0, height = 440.0
    static let left = 70.0, right = 20.0, top = 40.0, bottom = 50.0

    public func svg() -> String {
        let lastDay = max(1, series.flatMap(\.days).map(\.day).max() ?? 1)
        let largest = series.flatMap(\.days).map { Double($0.fileBytes) / 1_000_000 }.max() ?? 1
        let step = Self.niceStep(largest / 5)
        let top = max(step, (largest / step).rounded(.up) * step)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func x(_ day: Int) -> Double { Self.left + plotWidth * Double(day) / Double(lastDay) }
        func y(_ megabytes: Double) -> Double { Self.top + plotHeight * (1 - megabytes / top) }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" \
            viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.width / 2)" y="22" text-anchor="middle" font-size="14">\(Self.escaped(title))</text>

            """
        var megabytes = 0.0
        while megabytes <= top + step / 2 {
            let line = Self.format(y(megabytes))
            out += "<line x1=\"\(Self.left)\" y1=\"\(line)\" x2=\"\(Self.width - Self.right)\" y2=\"\(line)\" stroke=\"#ddd\"/>\n"
            out += "<text x=\"\(Self.left - 6)\" y=\"\(line)\" dy=\"4\" text-anchor=\"end\">\(Self.format(megabytes))</text>\n"
            megabytes += step
        }
        let dayStep = max(1, Int(Self.niceStep(Double(lastDay) / 6)))
        for day in stride(from: 0, through: lastDay, by: dayStep) {
            let column = Self.format(x(day))
            out += "<line x1=\"\(column)\" y1=\"\(Self.height - Self.bottom)\" x2=\"\(column)\" y2=\"\(Self.height - Self.bottom + 4)\" stroke=\"#333\"/>\n"
            out += "<text x=\"\(column)\" y=\"\(Self.height - Self.bottom + 18)\" text-anchor=\"middle\">\(day)</text>\n"
        }
        out += """
            <line x1="\(Self.left)" y1="\(Self.height - Self.bottom)" x2="\(Self.width - Self.right)" y2="\(Self.height - Self.bottom)" stroke="#333"/>
            <line x1="\(Self.left)" y1="\(Self.top)" x2="\(Self.left)" y2="\(Self.height - Self.bottom)" stroke="#333"/>
            <text x="\(Self.left + plotWidth / 2)" y="\(Self.height - 10)" text-anchor="middle">day</text>
            <text transform="translate(18 \(Self.top + plotHeight / 2)) rotate(-90)" text-anchor="middle">file size (MB)</text>

            """
        for (index, line) in series.enumerated() {
            let points = line.days.map { "\(Self.format(x($0.day))),\(Self.format(y(Double($0.fileBytes) / 1_000_000)))" }.joined(separator: " ")
            let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
            out += "<polyline fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\"\(dash) points=\"\(points)\"/>\n"
            let legend = Self.top + 14 + Double(index) * 18
            out += "<line x1=\"\(Self.left + 14)\" y1=\"\(legend)\" x2=\"\(Self.left + 40)\" y2=\"\(legend)\" stroke=\"\(line.color)\" stroke-width=\"2\"\(dash)/>\n"
            out += "<text x=\"\(Self.left + 46)\" y=\"\(legend)\" dy=\"4\">\(Self.escaped(line.label))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * power >= raw { return multiple * power }
        return 10 * power
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
