<#
.SYNOPSIS
  Uninstalls the IT Asset Auditor Agent: every installed version of its MSI, found by the MSI's
  UpgradeCode, with msiexec /x (which also removes its configuration, device token and logs).
#>
[CmdletBinding()]
param()

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

$UpgradeCode = '{80AE1305-4623-4B0B-A6B2-8E304E47D135}'
$LogFile = Join-Path $env:TEMP 'IT-Asset-Auditor-Agent-uninstall.log'

function Write-Step([string]$Message) { Write-Host "==> $Message" }

# An error line that does not stop the script (Write-Error would, with ErrorActionPreference Stop),
# so that the script can exit with the code that names the failure.
function Write-Failure([string]$Message) { $host.UI.WriteErrorLine($Message) }

$identity = [Security.Principal.WindowsIdentity]::GetCurrent()
$principal = New-Object Security.Principal.WindowsPrincipal($identity)
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
  Write-Failure 'Run uninstall.ps1 from PowerShell opened as Administrator.'
  exit 5
}

# Windows Installer's own list of the products of this UpgradeCode (never Win32_Product, which
# checks and repairs every installed MSI).
$installer = New-Object -ComObject WindowsInstaller.Installer
$products = @($installer.RelatedProducts($UpgradeCode))
if ($products.Count -eq 0) {
  Write-Step 'IT Asset Auditor Agent is not installed.'
  exit 0
}

$failed = 0
foreach ($productCode in $products) {
  Write-Step "msiexec /x $productCode /qn (log: $LogFile)"
  $process = Start-Process -FilePath 'msiexec.exe' -ArgumentList @('/x', $productCode, '/qn', '/norestart', '/l*v', "`"$LogFile`"") -Wait -PassThru
  switch ($process.ExitCode) {
    0 { Write-Step 'Uninstalled.' }
    3010 { Write-Step 'Uninstalled; a restart is needed to finish.' }
    1605 { Write-Step 'Already uninstalled.' }
    1618 { Write-Failure 'Another installation is in progress: try again when it has finished.'; $failed = 1618 }
    default { Write-Failure "msiexec exited with $($process.ExitCode). Log: $LogFile"; $failed = $process.ExitCode }
  }
}
if ($failed -ne 0) { exit $failed }
Write-Host 'IT Asset Auditor Agent is uninstalled.'
