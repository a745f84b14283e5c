/** What the installation instructions tell people to type, with their placeholder for the key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** Windows, in PowerShell run as Administrator in the unzipped folder (agent/windows/install.ps1). */
export function windowsInstallCommand(endpoint: string): string {
  return `powershell -ExecutionPolicy Bypass -File .\\install.ps1 -ApiKey ${API_KEY_PLACEHOLDER} -Endpoint ${endpoint}`;
}

/**
 * Many PCs at once (Intune, Group Policy, SCCM): the MSI from the zip, silently, with the
 * organisation's address and key as install properties (agent/README.md, "Package and deployment").
 */
export function silentMsiCommand(endpoint: string): string {
  return `msiexec /i IT-Asset-Auditor-Agent.msi /qn SERVER_URL=${endpoint} ENROLL_KEY=${API_KEY_PLACEHOLDER}`;
}

/** Linux with systemd (agent/linux/install.sh); `sh` because unzipping may drop the executable bit. */
export function linuxInstallCommand(endpoint: string): string {
  return `sudo sh install.sh --api-key ${API_KEY_PLACEHOLDER} --endpoint ${endpoint}`;
}
