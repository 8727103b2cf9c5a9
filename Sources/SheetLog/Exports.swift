@_exported import SheetLogCore
@_exported import SheetLogDomain
@_exported import SheetLogStorage
@_exported import SheetLogPush
