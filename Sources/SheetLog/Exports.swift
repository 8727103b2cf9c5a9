@_exported import SheetLogCore
@_exported import SheetLogDomain
