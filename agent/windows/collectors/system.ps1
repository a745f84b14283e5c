# IT Asset Auditor agent: the machine, from CIM and the registry's CurrentVersion key (Failures names each CIM query that threw).
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
  ComputerSystem = Get-Part 'ComputerSystem' { Get-CimInstance -ClassName Win32_ComputerSystem | Select-Object -First 1 -Property 'Name', 'DNSHostName', 'Domain', 'UserName', 'TotalPhysicalMemory', 'Manufacturer', 'Model', 'PartOfDomain', 'Workgroup' }
  OperatingSystem = Get-Part 'OperatingSystem' { Get-CimInstance -ClassName Win32_OperatingSystem | Select-Object -First 1 -Property 'Caption', 'Version', 'BuildNumber', 'OSArchitecture', @{ Name = 'LastBootUpTime'; Expression = { if ($_.LastBootUpTime) { $_.LastBootUpTime.ToUniversalTime().ToString('o') } } } }
  CurrentVersion = Get-ItemProperty -LiteralPath 'Registry::HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion' | Select-Object -Property 'UBR', 'DisplayVersion'
  Processors = @(Get-Part 'Processors' { Get-CimInstance -ClassName Win32_Processor | Select-Object -Property 'Name', 'Architecture', 'NumberOfCores', 'NumberOfLogicalProcessors' })
  LogicalDisks = @(Get-Part 'LogicalDisks' { Get-CimInstance -ClassName Win32_LogicalDisk -Filter 'DriveType = 3' | Select-Object -Property 'DeviceID', 'VolumeName', 'FileSystem', 'Size', 'FreeSpace' })
  Printers = @(Get-Part 'Printers' { Get-CimInstance -ClassName Win32_Printer | Select-Object -Property 'Name', 'DriverName', 'PortName', 'Network', 'Local', 'Shared', 'ShareName' })
  Shares = @(Get-Part 'Shares' { Get-CimInstance -ClassName Win32_Share -Filter 'Type = 0' | Select-Object -Property 'Name', 'Path', 'Description' })
  Bios = Get-Part 'Bios' { Get-CimInstance -ClassName Win32_BIOS | Select-Object -First 1 -Property 'SerialNumber', 'SMBIOSBIOSVersion' }
  NetworkAdapters = @(Get-Part 'NetworkAdapters' { Get-CimInstance -ClassName Win32_NetworkAdapterConfiguration -Filter 'IPEnabled = True' | Select-Object -Property 'Index', 'Description', 'IPAddress', 'MACAddress' })
  PhysicalAdapters = @(Get-Part 'PhysicalAdapters' { Get-CimInstance -ClassName Win32_NetworkAdapter -Filter 'PhysicalAdapter = True' | Select-Object -Property 'Index', 'Name' })
  Enclosures = @(Get-CimInstance -ClassName Win32_SystemEnclosure | Select-Object -Property SerialNumber)
  Product = Get-CimInstance -ClassName Win32_ComputerSystemProduct | Select-Object -First 1 -Property 'UUID', 'IdentifyingNumber'
  ExplorerOwners = $owners
  Failures = $failures
}
ConvertTo-Json -InputObject $result -Depth 4 -Compress
