/** What the installation instructions tell people to type, with their placeholder for the key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** Windows, in PowerShell run as Administrator in the unzipped folder (agent/windows/install.ps1). */
export function windowsInstallCommand(endpoint: string): string {
  return `powershell -ExecutionPolicy Bypass -File .\\install.ps1 -ApiKey ${API_KEY_PLACEHOLDER} -Endpoint ${endpoint}`;
}

/** Linux with systemd (agent/linux/install.sh); `sh` because unzipping may drop the executable bit. */
export function linuxInstallCommand(endpoint: string): string {
  return `sudo sh install.sh --api-key ${API_KEY_PLACEHOLDER} --endpoint ${endpoint}`;
}
