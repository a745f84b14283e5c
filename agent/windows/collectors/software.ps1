# IT Asset Auditor agent: installed software, from every Uninstall key of the machine (64- and 32-bit views) and of each loaded user hive.
# Run by the agent service as: powershell.exe -NoProfile -NonInteractive -ExecutionPolicy RemoteSigned -File <this file>
# Prints one JSON document (ConvertTo-Json -Depth 4 -Compress) that agent/src/collectors/windows.ts parses.
# Shipped signed beside the agent (collectors\): an AllSigned policy still runs it. Never the MSI product class (enumerating it makes Windows Installer re-check every package).
$ErrorActionPreference = 'SilentlyContinue'
$ProgressPreference = 'SilentlyContinue'
[Console]::OutputEncoding = New-Object System.Text.UTF8Encoding $false
Remove-TypeData -TypeName System.Array -ErrorAction SilentlyContinue

$suffix = 'Software\Microsoft\Windows\CurrentVersion\Uninstall'
$roots = @(
  "Registry::HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows\CurrentVersion\Uninstall",
  "Registry::HKEY_LOCAL_MACHINE\SOFTWARE\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall"
)
foreach ($hive in @(Get-ChildItem -LiteralPath 'Registry::HKEY_USERS' | Where-Object { $_.PSChildName -notlike '*_Classes' })) {
  $roots += "Registry::HKEY_USERS\$($hive.PSChildName)\$suffix"
}
$entries = @(foreach ($root in $roots) {
  if (Test-Path -LiteralPath $root) {
    foreach ($key in @(Get-ChildItem -LiteralPath $root)) {
      $p = Get-ItemProperty -LiteralPath $key.PSPath
      [pscustomobject]@{
        DisplayName = $p.DisplayName
        DisplayVersion = $p.DisplayVersion
        Publisher = $p.Publisher
        SystemComponent = $p.SystemComponent
        ParentKeyName = $p.ParentKeyName
      }
    }
  }
})
ConvertTo-Json -InputObject $entries -Depth 4 -Compress
