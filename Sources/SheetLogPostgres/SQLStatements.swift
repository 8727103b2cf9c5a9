/// The statements of a migration file, one by one: postgres-nio sends each query as one prepared
/// statement, which holds a single command.
///
/// Splits at `;` outside comments (`--`, `/* */`), quoted text (`'…'`, `"…"`) and dollar-quoted bodies
/// (`$$…$$`, `$tag$…$tag$`), and drops what holds only whitespace and comments.
enum SQLStatements {
    static func split(_ sql: String) -> [String] {
        let characters = Array(sql)
        var statements: [String] = []
        var current = ""
        var hasCode = false
        var index = 0
        func take(_ count: Int) {
            current.append(contentsOf: characters[index..<min(index + count, characters.count)])
            index += count
        }
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "-" where next == "-":
                while index < characters.count, characters[index] != "\n" { take(1) }
            case "/" where next == "*":
                take(2)
                while index < characters.count, !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/") { take(1) }
                take(2)
            case "'", "\"":
                hasCode = true
                take(1)
                while index < characters.count, characters[index] != character { take(1) }
                take(1)
            case "$":
                hasCode = true
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                guard end < characters.count, characters[end] == "$" else {
                    take(1)
                    continue
                }
                let tag = String(characters[index...end])
                take(tag.count)
                while index < characters.count, String(characters[index..<min(index + tag.count, characters.count)]) != tag { take(1) }
                take(tag.count)
            case ";":
                if hasCode { statements.append(current.trimmingWhitespace) }
                current = ""
                hasCode = false
                index += 1
            default:
                if !character.isWhitespace { hasCode = true }
                take(1)
            }
        }
        if hasCode { statements.append(current.trimmingWhitespace) }
        return statements
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
