/// How long a viewer sign-in session lets its reader in, in milliseconds: the fleet store ends it
/// when it has been idle for ``idle`` or is ``absolute`` old, whichever comes first, and the cookie
/// that carries its id is kept by the browser no longer than ``absolute``.
public enum ReaderSessionLimits {
    /// A session not used for 8 hours has ended: a browser left signed in overnight reads no more.
    public static let idle: Int64 = 8 * 3_600_000
    /// A session ends 24 hours after sign-in however busy, so that a copied cookie is worth a day at most.
    public static let absolute: Int64 = 24 * 3_600_000
}
