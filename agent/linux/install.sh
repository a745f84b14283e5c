#!/bin/sh
# Installs (or upgrades) the IT Asset Auditor Agent on Linux as the systemd service
# it-asset-auditor-agent. Where dpkg exists (Debian, Ubuntu) on x86-64 it installs the .deb beside
# this script (the agent as one executable with Node 24 inside; configuration in
# /etc/it-asset-auditor-agent); elsewhere agent.cjs runs with this machine's Node.js (20 or later).
#
#   sudo ./install.sh --api-key sk_... --endpoint https://<server>/api/agent/report
#   sudo ./install.sh                 # re-run to upgrade, keeping the installed configuration
#   sudo ./install.sh --uninstall
#
# Options: --node <path> to choose the node binary (default: `command -v node`) and use agent.cjs
# even where the .deb could be installed.
set -eu

API_KEY='__ITAA_API_KEY__'
ENDPOINT='__ITAA_ENDPOINT__'

SERVICE=it-asset-auditor-agent
INSTALL_DIR=/opt/it-asset-auditor-agent
CONFIG_FILE="$INSTALL_DIR/agent-config.json"
UNIT_FILE="/etc/systemd/system/$SERVICE.service"
SOURCE_DIR=$(cd "$(dirname "$0")" && pwd)
NODE=''
UNINSTALL=0

step() { printf '==> %s\n' "$*"; }
fail() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}
usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}
is_placeholder() { case "$1" in __ITAA_*__) return 0 ;; *) return 1 ;; esac }

while [ $# -gt 0 ]; do
  case "$1" in
    --api-key) [ $# -ge 2 ] || fail '--api-key needs a value'; API_KEY=$2; shift 2 ;;
    --api-key=*) API_KEY=${1#*=}; shift ;;
    --endpoint) [ $# -ge 2 ] || fail '--endpoint needs a value'; ENDPOINT=$2; shift 2 ;;
    --endpoint=*) ENDPOINT=${1#*=}; shift ;;
    --node) [ $# -ge 2 ] || fail '--node needs a path'; NODE=$2; shift 2 ;;
    --node=*) NODE=${1#*=}; shift ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h | --help) usage 0 ;;
    *) printf 'install.sh: unknown option %s\n\n' "$1" >&2; usage 2 ;;
  esac
done

[ "$(id -u)" -eq 0 ] || fail 'run as root (sudo ./install.sh ...): the service runs as root to read the full inventory'
command -v systemctl >/dev/null 2>&1 || fail 'systemd (systemctl) is required'

if [ "$UNINSTALL" -eq 1 ]; then
  if command -v dpkg-query >/dev/null 2>&1 && dpkg-query -W -f '${Status}' it-asset-auditor-agent 2>/dev/null | grep -q 'ok installed'; then
    step 'Purging the package it-asset-auditor-agent'
    dpkg --purge it-asset-auditor-agent
  fi
  step "Stopping and disabling $SERVICE"
  systemctl disable --now "$SERVICE" 2>/dev/null || true
  rm -f "$UNIT_FILE"
  systemctl daemon-reload
  step "Deleting $INSTALL_DIR"
  rm -rf "$INSTALL_DIR"
  echo 'IT Asset Auditor Agent is uninstalled.'
  exit 0
fi

# --- Settings ---------------------------------------------------------------------------------
KEEP_CONFIG=0
if is_placeholder "$API_KEY" || is_placeholder "$ENDPOINT"; then
  if is_placeholder "$API_KEY" && is_placeholder "$ENDPOINT" &&
    { [ -f "$CONFIG_FILE" ] || [ -f /etc/it-asset-auditor-agent/agent-config.json ]; }; then
    KEEP_CONFIG=1
  else
    fail 'missing --api-key sk_... and/or --endpoint https://<server>/api/agent/report (create a key in IT Asset Auditor: Settings > API Keys)'
  fi
fi
if [ "$KEEP_CONFIG" -eq 0 ]; then
  printf '%s' "$API_KEY" | grep -Eq '^sk_[0-9a-f]{64}$' ||
    fail 'the API key must be sk_ followed by 64 lower-case hex characters'
  # No quotes, backslashes, spaces or control characters: the value is written into JSON as is.
  printf '%s' "$ENDPOINT" | grep -Eq '^https?://[^"\\[:space:][:cntrl:]]+$' ||
    fail 'the endpoint must be the full http(s) URL of the report route, e.g. https://assets.example.com/api/agent/report'
fi

# --- The .deb, where dpkg can install it -------------------------------------------------------
DEB=$(ls "$SOURCE_DIR"/it-asset-auditor-agent_*_amd64.deb 2>/dev/null | tail -n 1 || true)
if [ -z "$NODE" ] && [ -n "$DEB" ] && command -v dpkg >/dev/null 2>&1 && [ "$(dpkg --print-architecture)" = amd64 ]; then
  if [ -f "$CONFIG_FILE" ] && [ ! -f /etc/it-asset-auditor-agent/agent-config.json ]; then
    # Installed before with agent.cjs: the package takes over its configuration and device token.
    install -d -m 0700 /etc/it-asset-auditor-agent
    for file in agent-config.json agent-device.json; do
      [ ! -f "$INSTALL_DIR/$file" ] || install -m 0600 "$INSTALL_DIR/$file" "/etc/it-asset-auditor-agent/$file"
    done
    systemctl disable --now "$SERVICE" 2>/dev/null || true
    rm -f "$UNIT_FILE"
    rm -rf "$INSTALL_DIR"
  fi
  step "Installing $(basename "$DEB") (dpkg)"
  if [ "$KEEP_CONFIG" -eq 1 ]; then
    dpkg -i "$DEB"
  else
    ITAA_ENDPOINT=$ENDPOINT ITAA_API_KEY=$API_KEY dpkg -i "$DEB"
  fi
  sleep 2
  systemctl is-active --quiet "$SERVICE" ||
    fail "$SERVICE did not start: see journalctl -u $SERVICE"
  echo
  echo "IT Asset Auditor Agent is installed and running (systemd service $SERVICE, package $(basename "$DEB"))."
  echo 'The first report is sent 5 minutes after start, then every 30 minutes.'
  echo "Logs: journalctl -u $SERVICE, /etc/it-asset-auditor-agent/agent.log"
  exit 0
fi

[ -n "$NODE" ] || NODE=$(command -v node 2>/dev/null || true)
[ -n "$NODE" ] && [ -x "$NODE" ] || fail 'Node.js 20 or later is required (node not found; install it or pass --node /path/to/node)'
NODE=$(readlink -f "$NODE")
NODE_MAJOR=$("$NODE" -p 'process.versions.node.split(".")[0]')
[ "$NODE_MAJOR" -ge 20 ] || fail "Node.js 20 or later is required ($NODE is $("$NODE" --version))"

for file in agent.cjs "$SERVICE.service"; do
  [ -f "$SOURCE_DIR/$file" ] || fail "$file is missing beside install.sh ($SOURCE_DIR): extract the whole zip"
done

# --- Install ----------------------------------------------------------------------------------
if systemctl is-active --quiet "$SERVICE"; then
  step "Stopping $SERVICE (upgrade)"
  systemctl stop "$SERVICE"
fi

step "Copying agent.cjs to $INSTALL_DIR"
install -d -m 0755 "$INSTALL_DIR"
install -m 0644 "$SOURCE_DIR/agent.cjs" "$INSTALL_DIR/agent.cjs"

if [ "$KEEP_CONFIG" -eq 1 ]; then
  step "Keeping the existing configuration $CONFIG_FILE"
else
  step "Writing $CONFIG_FILE"
  (
    umask 077
    printf '{\n  "endpoint": "%s",\n  "api_key": "%s"\n}\n' "$ENDPOINT" "$API_KEY" >"$CONFIG_FILE.tmp"
  )
  mv -f "$CONFIG_FILE.tmp" "$CONFIG_FILE"
fi
chmod 0600 "$CONFIG_FILE"
# The device token the agent got at enrolment (written 0600 by the agent): kept on upgrade.
[ ! -f "$INSTALL_DIR/agent-device.json" ] || chmod 0600 "$INSTALL_DIR/agent-device.json"

step "Installing the systemd unit $UNIT_FILE (node: $NODE)"
sed "s#^ExecStart=/usr/bin/node #ExecStart=$NODE #" "$SOURCE_DIR/$SERVICE.service" >"$UNIT_FILE"
chmod 0644 "$UNIT_FILE"
systemctl daemon-reload
systemctl enable "$SERVICE" >/dev/null
step "Starting $SERVICE"
systemctl restart "$SERVICE"

sleep 2
systemctl is-active --quiet "$SERVICE" ||
  fail "$SERVICE did not start: see journalctl -u $SERVICE and $INSTALL_DIR/agent.log"

echo
echo "IT Asset Auditor Agent is installed and running (systemd service $SERVICE)."
echo 'The first report is sent 5 minutes after start, then every 30 minutes.'
echo "Logs: journalctl -u $SERVICE, $INSTALL_DIR/agent.log"
echo "To check the configuration now: sudo $NODE $INSTALL_DIR/agent.cjs --config $CONFIG_FILE --once"
