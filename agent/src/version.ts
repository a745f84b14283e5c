import { LATEST_AGENT_VERSION } from '../../shared/agent-version';

/** The agent's own version, sent as agent_version with every report: the version the product ships. */
export const AGENT_VERSION = LATEST_AGENT_VERSION;
