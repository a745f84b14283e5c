import { LATEST_AGENT_VERSION } from '../../shared/agent-version';

/**
 * Replaced by the build (esbuild `define`) when ITAA_AGENT_VERSION is set, so that tests can build
 * version N and N+1 of the agent; undefined when run from source.
 */
declare const __ITAA_AGENT_VERSION__: string | undefined;

/** The agent's own version, sent as agent_version with every report: the version the product ships. */
export const AGENT_VERSION: string =
  typeof __ITAA_AGENT_VERSION__ === 'string' ? __ITAA_AGENT_VERSION__ : LATEST_AGENT_VERSION;
