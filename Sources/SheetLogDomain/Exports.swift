@_exported import SheetLogCore
