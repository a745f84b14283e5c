/**
 * The SDK clients' default credential chain as Lambda needs it. Lambda always hands a function its
 * role's credentials in environment variables, so the bundles alias @aws-sdk/credential-provider-node
 * to this module (infra/aws/bundling.ts). That leaves out the rest of the chain (SSO, STS web
 * identity, INI files, processes, instance metadata) and the nested STS/SSO clients it loads: about
 * 130 KB less to ship and to parse on every cold start. Outside the bundles (local stack, tests) the
 * full chain is used.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
