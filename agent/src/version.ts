/** The agent's own version, sent as agent_version with every report. */
export const AGENT_VERSION = '1.0.0';
