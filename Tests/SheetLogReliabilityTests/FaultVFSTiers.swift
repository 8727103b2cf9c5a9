import Testing

/// The parent of every tier that drives faultvfs: its crash and fault state is global to the
/// process, so these suites run one at a time and hold the process-wide claim.
@Suite("reliability: faultvfs tiers", .serialized, .exclusiveFaultVFS)
struct FaultVFSTiers {}
