/* eslint-disable no-undef, @typescript-eslint/no-unused-vars -- JScript that Windows Installer runs: Session and
   ActiveXObject are its host's objects, and it calls configureAgent by name. */
// The MSI's deferred custom action ConfigureAgent (JScript, run as SYSTEM): passes the install's
// settings to `ITAssetAuditorAgent.exe configure --stdin`, which writes agent-config.json readable by
// SYSTEM and Administrators only. CustomActionData is "<agent exe>|SERVER_URL|ENROLL_KEY|PROXY_URL|
// CA_CERT_FILE"; everything after the exe goes to the agent's standard input, so the key is never on
// a command line. Returns 1 (success) or 3 (failure: the install rolls back).
function configureAgent() {
  var data = String(Session.Property('CustomActionData'));
  var bar = data.indexOf('|');
  if (bar < 0) {
    logLine('ConfigureAgent: no CustomActionData');
    return 3;
  }
  var exe = data.substring(0, bar);
  var settings = data.substring(bar + 1);
  var shell = new ActiveXObject('WScript.Shell');
  var child = shell.Exec('"' + exe + '" configure --stdin');
  child.StdIn.Write(settings);
  child.StdIn.Close();
  // The agent prints a few lines only (the key masked): reading to the end waits for it to exit.
  var output = child.StdOut.ReadAll() + child.StdErr.ReadAll();
  while (child.Status === 0) {
    // ReadAll returned at end of output; the exit code follows at once.
  }
  logLine('ConfigureAgent: ' + output);
  return child.ExitCode === 0 ? 1 : 3;
}

function logLine(text) {
  var record = Session.Installer.CreateRecord(0);
  record.StringData(0) = text;
  // INSTALLMESSAGE_INFO: the installer log only.
  Session.Message(0x04000000, record);
}
