import * as z from 'zod';

/**
 * What the web app learns at run time from /config.json: written by the local stack, and by the
 * CDK Web stack in AWS. The SPA build itself carries no environment.
 */
export const runtimeConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** USER_SRP_AUTH in AWS; USER_PASSWORD_AUTH locally, where cognito-local has no SRP. */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Set only when Cognito is not the AWS one (cognito-local). */
  userPoolEndpoint: z.string().url().optional(),
  /**
   * Where agents post their reports, when not the app's own origin: in AWS, the report function's
   * URL, which costs nothing per request.
   */
  agentReportUrl: z.string().url().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/config.json';
