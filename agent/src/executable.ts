/** True when running as a Node single executable application (the installed agent), not under Node. */
export async function isSingleExecutable(): Promise<boolean> {
  try {
    const sea = await import('node:sea');
    return sea.isSea();
  } catch {
    return false;
  }
}
