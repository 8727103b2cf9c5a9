/// What every device id of the fleet must be: 1 to ``InputLimits/maxIdentifierBytes`` bytes without
/// control or formatting characters, and neither `.` nor `..` (an id names a file in
/// `import --device-per-file` and a path segment of the push protocol, where those two mean a folder).
package enum DeviceID {
    /// Why `id` cannot be a device id, as the end of a sentence ("… is empty"); nil when it can.
    package static func problem(_ id: String) -> String? {
        if id == "." || id == ".." { return "is . or .., which name folders" }
        return NameCharacters.identifierProblem(in: id, limit: InputLimits.default.maxIdentifierBytes)
    }

    /// The rule, for messages.
    package static let rule = "a device id is 1 to \(InputLimits.default.maxIdentifierBytes) bytes without control or formatting characters, and not . or .."
}
