import { LATEST_AGENT_VERSION } from '../../shared/agent-version';

/**
 * A build may set another version (esbuild `define` of ITAA_AGENT_VERSION, from the environment
 * variable of that name): tests build an older agent to watch it update itself.
 */
declare const ITAA_AGENT_VERSION: string | undefined;

/** The agent's own version, sent as agent_version with every report: the version the product ships. */
export const AGENT_VERSION =
  typeof ITAA_AGENT_VERSION === 'string' ? ITAA_AGENT_VERSION : LATEST_AGENT_VERSION;
