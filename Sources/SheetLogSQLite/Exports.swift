@_exported import SheetLogCore
@_exported import SheetLogStorage
