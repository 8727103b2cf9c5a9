/// Why the test cluster could not start or a command on it failed: the reason a test fails with.
package struct PostgresClusterError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = "PostgreSQL test cluster: " + description
    }
}
