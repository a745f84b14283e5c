# IT Asset Auditor agent: the machine, from CIM (one property per class; Failures names each query that threw).
# Run by the agent service as: powershell.exe -NoProfile -NonInteractive -ExecutionPolicy RemoteSigned -File <this file>
# Prints one JSON document (ConvertTo-Json -Depth 4 -Compress) that agent/src/collectors/windows.ts parses.
# Shipped signed beside the agent (collectors\): an AllSigned policy still runs it. Never the MSI product class (enumerating it makes Windows Installer re-check every package).
$ErrorActionPreference = 'SilentlyContinue'
$ProgressPreference = 'SilentlyContinue'
[Console]::OutputEncoding = New-Object System.Text.UTF8Encoding $false
Remove-TypeData -TypeName System.Array -ErrorAction SilentlyContinue

$failures = [ordered]@{}
function Get-Part([string]$Name, [scriptblock]$Query) {
  $ErrorActionPreference = 'Stop'
  try { & $Query } catch { $failures[$Name] = $_.Exception.Message }
}
$owners = @(foreach ($process in @(Get-CimInstance -ClassName Win32_Process -Filter "Name = 'explorer.exe'")) {
  $owner = Invoke-CimMethod -InputObject $process -MethodName GetOwner
  if ($owner) { [pscustomobject]@{ ReturnValue = $owner.ReturnValue; Domain = $owner.Domain; User = $owner.User } }
})
$result = [pscustomobject]@{
  ComputerSystem = Get-Part 'ComputerSystem' { Get-CimInstance -ClassName Win32_ComputerSystem | Select-Object -First 1 -Property 'Name', 'DNSHostName', 'Domain', 'UserName', 'TotalPhysicalMemory', 'Manufacturer', 'Model' }
  OperatingSystem = Get-Part 'OperatingSystem' { Get-CimInstance -ClassName Win32_OperatingSystem | Select-Object -First 1 -Property 'Caption', 'Version', 'BuildNumber', 'OSArchitecture' }
  Processors = @(Get-Part 'Processors' { Get-CimInstance -ClassName Win32_Processor | Select-Object -Property 'Name', 'Architecture', 'NumberOfCores', 'NumberOfLogicalProcessors' })
  LogicalDisks = @(Get-Part 'LogicalDisks' { Get-CimInstance -ClassName Win32_LogicalDisk -Filter 'DriveType = 3' | Select-Object -Property 'DeviceID', 'VolumeName', 'FileSystem', 'Size', 'FreeSpace' })
  Printers = @(Get-Part 'Printers' { Get-CimInstance -ClassName Win32_Printer | Select-Object -Property 'Name', 'DriverName', 'PortName', 'Network', 'Local', 'Shared', 'ShareName' })
  Shares = @(Get-Part 'Shares' { Get-CimInstance -ClassName Win32_Share -Filter 'Type = 0' | Select-Object -Property 'Name', 'Path', 'Description' })
  Bios = Get-CimInstance -ClassName Win32_BIOS | Select-Object -First 1 -Property SerialNumber
  Enclosures = @(Get-CimInstance -ClassName Win32_SystemEnclosure | Select-Object -Property SerialNumber)
  Product = Get-CimInstance -ClassName Win32_ComputerSystemProduct | Select-Object -First 1 -Property 'UUID', 'IdentifyingNumber'
  ExplorerOwners = $owners
  Failures = $failures
}
ConvertTo-Json -InputObject $result -Depth 4 -Compress
