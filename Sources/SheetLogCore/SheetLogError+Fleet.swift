extension SheetLogError.Code {
    /// The fleet store could not be reached or refused the connection (address, password, database).
    /// The collector answers it with `503` and `Retry-After`: the same batch may be sent again.
    public static let connectionFailed = SheetLogError.Code(rawValue: "connectionFailed")
}
