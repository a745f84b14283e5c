#Requires -RunAsAdministrator
<#
.SYNOPSIS
  Installs (or upgrades) the IT Asset Auditor Agent as the Windows service ITAssetAuditorAgent.

.DESCRIPTION
  Copies ITAssetAuditorAgent.exe and nssm.exe to "$env:ProgramFiles\IT Asset Auditor Agent", writes
  agent-config.json there ({ endpoint, api_key }, readable by SYSTEM and Administrators only; the
  agent enrols with the key and keeps its device token in agent-device.json, restricted the same way),
  registers the service with NSSM (automatic start, restart on failure, stdout/stderr to log files)
  and starts it. Safe to re-run: an existing service is stopped, the files are replaced, and it is
  started again. Without -ApiKey/-Endpoint on a re-run, the installed agent-config.json is kept.

.PARAMETER ApiKey
  The organisation's agent API key (sk_ followed by 64 lower-case hex characters).

.PARAMETER Endpoint
  The full URL of the report route, e.g. https://assets.example.com/api/agent/report.

.EXAMPLE
  powershell -ExecutionPolicy Bypass -File .\install.ps1 -ApiKey sk_0123... -Endpoint https://assets.example.com/api/agent/report
#>
[CmdletBinding()]
param(
  [string]$ApiKey = '__ITAA_API_KEY__',
  [string]$Endpoint = '__ITAA_ENDPOINT__'
)

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

$ServiceName = 'ITAssetAuditorAgent'
$DisplayName = 'IT Asset Auditor Agent'
$Description = 'Collects this machine''s hardware and software inventory and reports it to IT Asset Auditor.'
$ExeName = 'ITAssetAuditorAgent.exe'
$InstallDir = Join-Path $env:ProgramFiles 'IT Asset Auditor Agent'
$ConfigFile = Join-Path $InstallDir 'agent-config.json'
$LogDir = Join-Path $InstallDir 'logs'
$SourceDir = $PSScriptRoot
$Files = @($ExeName, 'nssm.exe', 'NSSM-LICENSE.txt', 'uninstall.ps1', 'README.txt')

function Write-Step([string]$Message) { Write-Host "==> $Message" }

# A value still equal to its placeholder (this script was not filled in by the download).
function Test-Placeholder([string]$Value) { return $Value -cmatch '^__ITAA_[A-Z_]+__$' }

function Invoke-Nssm {
  param([Parameter(ValueFromRemainingArguments = $true)][string[]]$Arguments)
  # PowerShell 5.1 turns redirected stderr of a native program into errors: "Stop" would throw on them.
  $ErrorActionPreference = 'Continue'
  $output = & $script:Nssm @Arguments 2>&1
  if ($LASTEXITCODE -ne 0) {
    throw "nssm $($Arguments -join ' ') failed (exit code $LASTEXITCODE): $($output -join ' ')"
  }
}

# --- Settings -----------------------------------------------------------------------------------

$keyGiven = -not (Test-Placeholder $ApiKey)
$endpointGiven = -not (Test-Placeholder $Endpoint)
$keepConfig = $false
if (-not $keyGiven -or -not $endpointGiven) {
  if (-not $keyGiven -and -not $endpointGiven -and (Test-Path -LiteralPath $ConfigFile)) {
    $keepConfig = $true
  } else {
    $missing = @()
    if (-not $keyGiven) { $missing += '-ApiKey sk_...' }
    if (-not $endpointGiven) { $missing += '-Endpoint https://<server>/api/agent/report' }
    throw "Missing $($missing -join ' and '). Create an API key in IT Asset Auditor (Settings > API Keys), then run: .\install.ps1 -ApiKey sk_... -Endpoint https://<server>/api/agent/report"
  }
}
if (-not $keepConfig) {
  $ApiKey = $ApiKey.Trim()
  $Endpoint = $Endpoint.Trim()
  if ($ApiKey -cnotmatch '^sk_[0-9a-f]{64}$') {
    throw 'The API key must be sk_ followed by 64 lower-case hex characters (copy it from Settings > API Keys).'
  }
  $uri = $null
  if (-not [Uri]::TryCreate($Endpoint, [UriKind]::Absolute, [ref]$uri) -or ($uri.Scheme -ne 'https' -and $uri.Scheme -ne 'http')) {
    throw 'The endpoint must be the full http(s) URL of the report route, e.g. https://assets.example.com/api/agent/report'
  }
}

foreach ($file in $Files) {
  if (-not (Test-Path -LiteralPath (Join-Path $SourceDir $file))) {
    throw "$file is missing beside install.ps1 ($SourceDir). Extract the whole IT-Asset-Auditor-Agent.zip and run install.ps1 from there."
  }
}

# --- Stop an installed service (upgrade) --------------------------------------------------------

$existing = Get-Service -Name $ServiceName -ErrorAction SilentlyContinue
if ($existing) {
  Write-Step "Stopping the existing service $ServiceName (upgrade)"
  if ($existing.Status -ne 'Stopped') {
    Stop-Service -Name $ServiceName -Force
    $existing.WaitForStatus('Stopped', [TimeSpan]::FromSeconds(60))
  }
}

# --- Files --------------------------------------------------------------------------------------

Write-Step "Copying files to $InstallDir"
New-Item -ItemType Directory -Force -Path $InstallDir | Out-Null
New-Item -ItemType Directory -Force -Path $LogDir | Out-Null
foreach ($file in $Files) {
  $target = Join-Path $InstallDir $file
  # The service's processes may take a moment to release the executables after stopping.
  for ($attempt = 1; ; $attempt++) {
    try {
      Copy-Item -LiteralPath (Join-Path $SourceDir $file) -Destination $target -Force
      break
    } catch {
      if ($attempt -ge 10) { throw "Could not replace ${target}: $($_.Exception.Message)" }
      Start-Sleep -Seconds 2
    }
  }
}

if ($keepConfig) {
  Write-Step "Keeping the existing configuration $ConfigFile"
} else {
  Write-Step "Writing $ConfigFile"
  $json = [ordered]@{ endpoint = $Endpoint; api_key = $ApiKey } | ConvertTo-Json
  # UTF-8 without a byte order mark (Set-Content -Encoding UTF8 of PowerShell 5.1 would add one).
  [System.IO.File]::WriteAllText($ConfigFile, $json, (New-Object System.Text.UTF8Encoding $false))
}
# The key is a secret: only SYSTEM (the service) and Administrators may read it.
& icacls.exe $ConfigFile /inheritance:r /grant:r '*S-1-5-18:F' '*S-1-5-32-544:F' | Out-Null
if ($LASTEXITCODE -ne 0) { throw "icacls could not restrict access to $ConfigFile" }
# The device token the agent got at enrolment (it writes the file restricted the same way): kept on
# upgrade, so the machine stays the same device.
$DeviceFile = Join-Path $InstallDir 'agent-device.json'
if (Test-Path -LiteralPath $DeviceFile) {
  & icacls.exe $DeviceFile /inheritance:r /grant:r '*S-1-5-18:F' '*S-1-5-32-544:F' | Out-Null
  if ($LASTEXITCODE -ne 0) { throw "icacls could not restrict access to $DeviceFile" }
}

# --- Service ------------------------------------------------------------------------------------

$script:Nssm = Join-Path $InstallDir 'nssm.exe'
$exePath = Join-Path $InstallDir $ExeName
if ($existing) {
  Write-Step "Updating the service $ServiceName"
  Invoke-Nssm set $ServiceName Application $exePath
} else {
  Write-Step "Registering the service $ServiceName"
  Invoke-Nssm install $ServiceName $exePath
}
Invoke-Nssm set $ServiceName AppDirectory $InstallDir
Invoke-Nssm set $ServiceName DisplayName $DisplayName
Invoke-Nssm set $ServiceName Description $Description
Invoke-Nssm set $ServiceName ObjectName LocalSystem
Invoke-Nssm set $ServiceName Start SERVICE_AUTO_START
Invoke-Nssm set $ServiceName AppExit Default Restart
Invoke-Nssm set $ServiceName AppRestartDelay 30000
Invoke-Nssm set $ServiceName AppStopMethodConsole 15000
Invoke-Nssm set $ServiceName AppStdout (Join-Path $LogDir 'service-stdout.log')
Invoke-Nssm set $ServiceName AppStderr (Join-Path $LogDir 'service-stderr.log')
Invoke-Nssm set $ServiceName AppRotateFiles 1
Invoke-Nssm set $ServiceName AppRotateOnline 1
Invoke-Nssm set $ServiceName AppRotateBytes 1048576

Write-Step "Starting the service $ServiceName"
Start-Service -Name $ServiceName
Start-Sleep -Seconds 3
$status = (Get-Service -Name $ServiceName).Status
if ($status -ne 'Running') {
  throw "The service $ServiceName is $status. See $LogDir\service-stderr.log and $InstallDir\agent.log"
}

Write-Host ''
Write-Host "IT Asset Auditor Agent is installed and running (service $ServiceName)."
Write-Host "The first report is sent 5 minutes after start, then every 30 minutes."
Write-Host "Logs: $InstallDir\agent.log and $LogDir"
Write-Host "To check the configuration now: & '$exePath' --once"
