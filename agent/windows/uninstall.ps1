#Requires -RunAsAdministrator
<#
.SYNOPSIS
  Stops and removes the ITAssetAuditorAgent service and deletes "$env:ProgramFiles\IT Asset Auditor Agent"
  (its configuration and logs included).
#>
[CmdletBinding()]
param()

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

$ServiceName = 'ITAssetAuditorAgent'
$InstallDir = Join-Path $env:ProgramFiles 'IT Asset Auditor Agent'

function Write-Step([string]$Message) { Write-Host "==> $Message" }

$service = Get-Service -Name $ServiceName -ErrorAction SilentlyContinue
if ($service) {
  if ($service.Status -ne 'Stopped') {
    Write-Step "Stopping the service $ServiceName"
    Stop-Service -Name $ServiceName -Force
    $service.WaitForStatus('Stopped', [TimeSpan]::FromSeconds(60))
  }
  Write-Step "Removing the service $ServiceName"
  $nssm = Join-Path $InstallDir 'nssm.exe'
  if (Test-Path -LiteralPath $nssm) {
    & $nssm remove $ServiceName confirm | Out-Null
  } else {
    & sc.exe delete $ServiceName | Out-Null
  }
  if ($LASTEXITCODE -ne 0) { throw "Could not remove the service $ServiceName (exit code $LASTEXITCODE)" }
} else {
  Write-Step "The service $ServiceName is not installed"
}

if (Test-Path -LiteralPath $InstallDir) {
  Write-Step "Deleting $InstallDir"
  # This script may itself run from the folder being deleted.
  Set-Location -LiteralPath $env:TEMP
  for ($attempt = 1; ; $attempt++) {
    try {
      Remove-Item -LiteralPath $InstallDir -Recurse -Force
      break
    } catch {
      if ($attempt -ge 10) { throw "Could not delete ${InstallDir}: $($_.Exception.Message)" }
      Start-Sleep -Seconds 2
    }
  }
}

Write-Host 'IT Asset Auditor Agent is uninstalled.'
