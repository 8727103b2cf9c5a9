import Foundation

/// A file-system error number in the words SheetLog's messages use ("no such file", "permission
/// denied"), so that a message says what is wrong instead of `errno 2`.
///
/// ```swift
/// if open(path, O_RDONLY) < 0 {
///     print("cannot open \(path): \(FileSystemReason.text(for: errno))")  // … permission denied
/// }
/// ```
public enum FileSystemReason {
    /// The words for `code`, lowercase, without a trailing period.
    public static func text(for code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        case ENOTDIR: return "a part of the path is not a folder"
        case EROFS: return "the file system is read-only"
        case ENOSPC: return "no space left on the device"
        default:
            let words = String(cString: strerror(code))
            return words.prefix(1).lowercased() + words.dropFirst()
        }
    }
}
