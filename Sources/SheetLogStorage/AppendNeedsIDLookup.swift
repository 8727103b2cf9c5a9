/// Thrown by a decision in the first pass of an append (``AppendTransaction/lookingUpIDs`` false)
/// when it cannot be trusted without looking ids up: the backend rolls back and decides again with them.
package struct AppendNeedsIDLookup: Error {
    package init() {}
}
