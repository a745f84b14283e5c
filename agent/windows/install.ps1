<#
.SYNOPSIS
  Installs (or upgrades) the IT Asset Auditor Agent from IT-Asset-Auditor-Agent.msi beside this script.

.DESCRIPTION
  Runs: msiexec /i IT-Asset-Auditor-Agent.msi /qn SERVER_URL=<Endpoint> ENROLL_KEY=<ApiKey>
  [PROXY_URL=<ProxyUrl>] [CA_CERT_FILE=<CaCertFile>], which installs the agent to
  "C:\Program Files\IT Asset Auditor\Agent", writes its agent-config.json (readable by SYSTEM and
  Administrators only) and starts the service ITAssetAuditorAgent. On an upgrade, what is not given
  (-ApiKey, -Endpoint, ...) is kept from the installed configuration. An agent installed by an earlier install.ps1 (the
  "IT Asset Auditor Agent" folder and its NSSM service) is removed first; its device token is kept.
  The result of msiexec is named; its log is written to %TEMP%\IT-Asset-Auditor-Agent-install.log.

.PARAMETER ApiKey
  The organisation's agent API key (sk_ followed by 64 lower-case hex characters).

.PARAMETER Endpoint
  The server: https://assets.example.com, or the full report URL https://assets.example.com/api/agent/report.

.PARAMETER ProxyUrl
  An HTTP proxy for the agent's HTTPS, e.g. http://proxy.example.com:8080.

.PARAMETER CaCertFile
  A PEM file of the CA that signs the server's (or a TLS-inspecting proxy's) certificate.

.EXAMPLE
  powershell -ExecutionPolicy Bypass -File .\install.ps1 -ApiKey sk_0123... -Endpoint https://assets.example.com
#>
[CmdletBinding()]
param(
  [string]$ApiKey = '__ITAA_API_KEY__',
  [string]$Endpoint = '__ITAA_ENDPOINT__',
  [string]$ProxyUrl = '',
  [string]$CaCertFile = ''
)

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

$MsiName = 'IT-Asset-Auditor-Agent.msi'
$ServiceName = 'ITAssetAuditorAgent'
$InstallDir = Join-Path $env:ProgramFiles 'IT Asset Auditor\Agent'
$ConfigFile = Join-Path $InstallDir 'agent-config.json'
$LegacyDir = Join-Path $env:ProgramFiles 'IT Asset Auditor Agent'
$LogFile = Join-Path $env:TEMP 'IT-Asset-Auditor-Agent-install.log'

# What msiexec's exit codes mean (Windows Installer error codes).
$MsiExitCodes = @{
  0    = 'installed'
  1602 = 'cancelled'
  1603 = 'a fatal error during installation (see the log: a wrong SERVER_URL or ENROLL_KEY is named there)'
  1618 = 'another installation is in progress: try again when it has finished'
  1619 = 'the MSI could not be opened'
  1620 = 'the MSI could not be opened (is it complete?)'
  1625 = 'a system policy forbids this installation'
  1633 = 'this Windows is not supported (64-bit Windows is needed)'
  1638 = 'another version of the agent is installed'
  1639 = 'invalid command line'
  1641 = 'installed; Windows is restarting'
  3010 = 'installed; a restart is needed to finish'
}

function Write-Step([string]$Message) { Write-Host "==> $Message" }

# An error line that does not stop the script (Write-Error would, with ErrorActionPreference Stop),
# so that the script can exit with the code that names the failure.
function Write-Failure([string]$Message) { $host.UI.WriteErrorLine($Message) }

# A value still equal to its placeholder (this script was not filled in by the download).
function Test-Placeholder([string]$Value) { return $Value -cmatch '^__ITAA_[A-Z_]+__$' }

# An msiexec property: the value in double quotes, a quote inside doubled.
function Format-MsiProperty([string]$Name, [string]$Value) { return "$Name=`"$($Value.Replace('"', '""'))`"" }

# --- Checks -------------------------------------------------------------------------------------

$identity = [Security.Principal.WindowsIdentity]::GetCurrent()
$principal = New-Object Security.Principal.WindowsPrincipal($identity)
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
  Write-Failure 'Run install.ps1 from PowerShell opened as Administrator: the agent is installed for the whole machine.'
  exit 5
}

$msi = Join-Path $PSScriptRoot $MsiName
if (-not (Test-Path -LiteralPath $msi)) {
  throw "$MsiName is missing beside install.ps1 ($PSScriptRoot). Extract the whole IT-Asset-Auditor-Agent.zip and run install.ps1 from there."
}

$keyGiven = -not (Test-Placeholder $ApiKey)
$endpointGiven = -not (Test-Placeholder $Endpoint)
$installed = (Test-Path -LiteralPath $ConfigFile) -or (Test-Path -LiteralPath (Join-Path $LegacyDir 'agent-config.json'))
# An installed agent keeps what is not given (the MSI merges); a first install needs both.
if (-not $installed -and -not ($keyGiven -and $endpointGiven)) {
  $missing = @()
  if (-not $keyGiven) { $missing += '-ApiKey sk_...' }
  if (-not $endpointGiven) { $missing += '-Endpoint https://<server>' }
  throw "Missing $($missing -join ' and '). Create an API key in IT Asset Auditor (Settings > API Keys), then run: .\install.ps1 -ApiKey sk_... -Endpoint https://<server>"
}
if ($keyGiven) {
  $ApiKey = $ApiKey.Trim()
  if ($ApiKey -cnotmatch '^sk_[0-9a-f]{64}$') {
    throw 'The API key must be sk_ followed by 64 lower-case hex characters (copy it from Settings > API Keys).'
  }
}
if ($endpointGiven) {
  $Endpoint = $Endpoint.Trim()
  $uri = $null
  if (-not [Uri]::TryCreate($Endpoint, [UriKind]::Absolute, [ref]$uri) -or ($uri.Scheme -ne 'https' -and $uri.Scheme -ne 'http')) {
    throw 'The endpoint must be the http(s) address of IT Asset Auditor, e.g. https://assets.example.com'
  }
}
if ($CaCertFile -and -not (Test-Path -LiteralPath $CaCertFile)) { throw "The CA certificate file $CaCertFile does not exist." }

# --- An agent installed by an earlier install.ps1 (NSSM) ----------------------------------------

if (Test-Path -LiteralPath $LegacyDir) {
  Write-Step "Removing the agent installed without the MSI ($LegacyDir)"
  $legacy = Get-Service -Name $ServiceName -ErrorAction SilentlyContinue
  if ($legacy) {
    if ($legacy.Status -ne 'Stopped') {
      Stop-Service -Name $ServiceName -Force
      $legacy.WaitForStatus('Stopped', [TimeSpan]::FromSeconds(60))
    }
    & sc.exe delete $ServiceName | Out-Null
  }
  New-Item -ItemType Directory -Force -Path $InstallDir | Out-Null
  # The machine stays the same device; without a new key and server, the old configuration is kept.
  $carry = @('agent-device.json')
  if (-not $keyGiven) { $carry += 'agent-config.json' }
  foreach ($name in $carry) {
    $old = Join-Path $LegacyDir $name
    if (Test-Path -LiteralPath $old) {
      $new = Join-Path $InstallDir $name
      Copy-Item -LiteralPath $old -Destination $new -Force
      & icacls.exe $new /inheritance:r /grant:r '*S-1-5-18:F' '*S-1-5-32-544:F' | Out-Null
      if ($LASTEXITCODE -ne 0) { throw "icacls could not restrict access to $new" }
    }
  }
  Remove-Item -LiteralPath $LegacyDir -Recurse -Force
}

# --- msiexec ------------------------------------------------------------------------------------

$arguments = @('/i', "`"$msi`"", '/qn', '/norestart', '/l*v', "`"$LogFile`"")
if ($endpointGiven) { $arguments += Format-MsiProperty 'SERVER_URL' $Endpoint }
if ($keyGiven) { $arguments += Format-MsiProperty 'ENROLL_KEY' $ApiKey }
if ($ProxyUrl) { $arguments += Format-MsiProperty 'PROXY_URL' $ProxyUrl }
if ($CaCertFile) { $arguments += Format-MsiProperty 'CA_CERT_FILE' (Resolve-Path -LiteralPath $CaCertFile).Path }

Write-Step "Installing $MsiName (msiexec /i ... /qn; log: $LogFile)"
$process = Start-Process -FilePath 'msiexec.exe' -ArgumentList $arguments -Wait -PassThru
$code = $process.ExitCode
$meaning = $MsiExitCodes[$code]
if (-not $meaning) { $meaning = 'unexpected result' }
if ($code -ne 0 -and $code -ne 3010 -and $code -ne 1641) {
  Write-Failure "msiexec exited with $code ($meaning). Log: $LogFile"
  exit $code
}
Write-Step "msiexec exited with $code ($meaning)"

$service = Get-Service -Name $ServiceName -ErrorAction SilentlyContinue
if (-not $service) { throw "The service $ServiceName is not installed. Log: $LogFile" }
try {
  $service.WaitForStatus('Running', [TimeSpan]::FromSeconds(30))
} catch {
  $service.Refresh()
  throw "The service $ServiceName is $($service.Status). See $InstallDir\agent.log and $InstallDir\logs"
}

Write-Host ''
Write-Host "IT Asset Auditor Agent is installed and running (service $ServiceName)."
Write-Host 'The first report is sent 5 minutes after start, then every 30 minutes.'
Write-Host "Logs: $InstallDir\agent.log and $InstallDir\logs"
exit $code
