/// A value ``StatementBinder`` binds as one parameter: what its variadic `bind(_:)` takes, so that
/// a row's columns are bound in one call that lists them in order.
protocol StatementBindable {
    func bind(to binder: inout StatementBinder)
}

extension String: StatementBindable {
    @inline(__always) func bind(to binder: inout StatementBinder) { binder.bind(self) }
}

extension Int64: StatementBindable {
    @inline(__always) func bind(to binder: inout StatementBinder) { binder.bind(self) }
}

extension Int: StatementBindable {
    @inline(__always) func bind(to binder: inout StatementBinder) { binder.bind(self) }
}

extension Bool: StatementBindable {
    @inline(__always) func bind(to binder: inout StatementBinder) { binder.bind(self) }
}

extension Optional: StatementBindable where Wrapped: StatementBindable {
    @inline(__always) func bind(to binder: inout StatementBinder) {
        if let self { self.bind(to: &binder) } else { binder.bindNull() }
    }
}

extension StatementBinder {
    /// Binds `values` to the next parameters, in order.
    @inline(__always) mutating func bind<each Value: StatementBindable>(_ values: repeat each Value) {
        repeat (each values).bind(to: &self)
    }
}
