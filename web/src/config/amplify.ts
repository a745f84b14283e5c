import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@shared/runtime-config';

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
