#!/bin/sh
# Installs (or upgrades) the IT Asset Auditor Agent on macOS as the launchd daemon
# com.itassetauditor.agent: agent.cjs (beside this script) runs with this Mac's Node.js (20 or later).
# There is no signed .pkg yet (pkgbuild and notarisation need a Mac): see agent/README.md.
#
#   sudo sh install-macos.sh --api-key sk_... --endpoint https://<server>
#   sudo sh install-macos.sh                 # re-run to upgrade, keeping the configuration
#   sudo sh install-macos.sh --uninstall
#
# Options: --node <path> (default: `command -v node`), --proxy-url <url>, --ca-cert-file <pem>.
set -eu

API_KEY='__ITAA_API_KEY__'
ENDPOINT='__ITAA_ENDPOINT__'
PROXY_URL=''
CA_CERT_FILE=''
LABEL=com.itassetauditor.agent
INSTALL_DIR='/Library/Application Support/IT Asset Auditor Agent'
CONFIG_FILE="$INSTALL_DIR/agent-config.json"
PLIST="/Library/LaunchDaemons/$LABEL.plist"
SOURCE_DIR=$(cd "$(dirname "$0")" && pwd)
NODE=''
UNINSTALL=0

fail() {
  printf 'install-macos.sh: %s\n' "$*" >&2
  exit 1
}
is_placeholder() { case "$1" in __ITAA_*__) return 0 ;; *) return 1 ;; esac }

while [ $# -gt 0 ]; do
  case "$1" in
    --api-key) [ $# -ge 2 ] || fail '--api-key needs a value'; API_KEY=$2; shift 2 ;;
    --endpoint) [ $# -ge 2 ] || fail '--endpoint needs a value'; ENDPOINT=$2; shift 2 ;;
    --proxy-url) [ $# -ge 2 ] || fail '--proxy-url needs a value'; PROXY_URL=$2; shift 2 ;;
    --ca-cert-file) [ $# -ge 2 ] || fail '--ca-cert-file needs a path'; CA_CERT_FILE=$2; shift 2 ;;
    --node) [ $# -ge 2 ] || fail '--node needs a path'; NODE=$2; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown option $1" ;;
  esac
done

[ "$(id -u)" -eq 0 ] || fail 'run as root (sudo sh install-macos.sh ...)'

if [ "$UNINSTALL" -eq 1 ]; then
  launchctl bootout system "$PLIST" 2>/dev/null || true
  rm -f "$PLIST"
  rm -rf "$INSTALL_DIR"
  echo 'IT Asset Auditor Agent is uninstalled.'
  exit 0
fi

[ -n "$NODE" ] || NODE=$(command -v node 2>/dev/null || true)
[ -n "$NODE" ] && [ -x "$NODE" ] || fail 'Node.js 20 or later is required (install it or pass --node /path/to/node)'
[ -f "$SOURCE_DIR/agent.cjs" ] || fail "agent.cjs is missing beside install-macos.sh: extract the whole zip"

launchctl bootout system "$PLIST" 2>/dev/null || true
install -d -m 0755 "$INSTALL_DIR"
install -m 0644 "$SOURCE_DIR/agent.cjs" "$INSTALL_DIR/agent.cjs"

# The agent writes its configuration itself: validated, mode 0600; what is not given is kept.
value() { if is_placeholder "$1" || [ -z "$1" ]; then printf '(unset)'; else printf '%s' "$1"; fi; }
printf '%s|%s|%s|%s' "$(value "$ENDPOINT")" "$(value "$API_KEY")" "$(value "$PROXY_URL")" "$(value "$CA_CERT_FILE")" |
  "$NODE" "$INSTALL_DIR/agent.cjs" configure --stdin --config "$CONFIG_FILE" ||
  fail 'the configuration was not written (see above)'

cat >"$PLIST" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key>
  <array>
    <string>$NODE</string>
    <string>$INSTALL_DIR/agent.cjs</string>
    <string>--config</string>
    <string>$CONFIG_FILE</string>
  </array>
  <key>WorkingDirectory</key><string>$INSTALL_DIR</string>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>ThrottleInterval</key><integer>10</integer>
</dict>
</plist>
PLIST
chmod 0644 "$PLIST"
launchctl bootstrap system "$PLIST"

echo "IT Asset Auditor Agent is installed and running (launchd $LABEL)."
echo "Logs: $INSTALL_DIR/agent.log"
