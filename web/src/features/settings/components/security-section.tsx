import { Alert, Badge, Button, Card, Flex, Heading, Loader, SwitchField, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { hasRole } from '@shared/constants';
import { isMfaRequired, MFA_MESSAGES, mustSetUpMfa } from '@shared/mfa';
import { errorMessage } from '../../../api/api-client';
import { meQueryOptions, useCurrentUser } from '../../../api/me';
import { recordMfaChange, useCognitoMfa, useStartTotpSetup, type TotpSetup } from '../api/mfa-setup';
import { useUpdateOrganizationSettings } from '../api/organization-settings';
import { MfaSetupForm } from './mfa-setup-form';
import { MfaTurnOffForm } from './mfa-turn-off-form';
import { OrganizationSettingStatus } from './organization-setting-status';
// Only this screen has a switch: its stylesheet comes with it, not with every page (web/src/main.tsx).
import '@aws-amplify/ui-react/styles/switchField.css';
import '../security.css';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'turn-off' };

/**
 * Settings → Security: the person's MFA (an authenticator app, through Cognito) and, for admins,
 * whether every member of the organisation must use it.
 */
export function SecuritySection() {
  return (
    <>
      <PersonalMfa />
      <OrganizationMfa />
    </>
  );
}

function PersonalMfa() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const headingId = useId();
  const cognito = useCognitoMfa();
  const start = useStartTotpSetup();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);

  const enabled = cognito.data?.enabled ?? me.profile.mfa_enabled;
  const required = isMfaRequired(me.profile.role, me.organization.require_mfa);
  const mustSetUp = mustSetUpMfa(me.profile.role, me.organization.require_mfa, me.profile.mfa_enabled);

  // Cognito is the authority: when the API's copy differs (changed elsewhere), it re-reads it.
  const cognitoEnabled = cognito.data?.enabled;
  useEffect(() => {
    if (cognitoEnabled === undefined || cognitoEnabled === me.profile.mfa_enabled) return;
    void recordMfaChange()
      .then(() => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }))
      .catch((error: unknown) => console.error('Could not record the MFA change', error));
  }, [cognitoEnabled, me.profile.mfa_enabled, queryClient]);

  const beginSetup = () => {
    setNotice(null);
    start.mutate(me.profile.email, { onSuccess: (setup) => setStep({ kind: 'setup', setup }) });
  };
  const finished = (text: string) => {
    setStep({ kind: 'idle' });
    setNotice(text);
  };

  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId}>
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Heading level={3} id={headingId}>
          Multi-factor authentication
        </Heading>
        {cognito.isPending ? (
          <Loader aria-label="Checking multi-factor authentication" />
        ) : (
          <Badge variation={enabled ? 'success' : 'warning'}>{enabled ? 'On' : 'Off'}</Badge>
        )}
      </Flex>
      <Text color="font.secondary" marginTop="xxs" marginBottom="medium">
        {enabled
          ? 'Signing in asks for a code from your authenticator app after your password.'
          : 'Add a code from an authenticator app to your password when you sign in.'}
      </Text>
      {mustSetUp ? (
        <Alert
          variation="warning"
          role="alert"
          heading="Multi-factor authentication is required"
          marginBottom="medium"
        >
          {me.profile.role === 'super_admin'
            ? 'A super admin must use multi-factor authentication. Set it up to continue.'
            : 'Your organization requires multi-factor authentication. Set it up to continue.'}
        </Alert>
      ) : null}
      <div role="status">
        {notice ? (
          <Alert variation="success" isDismissible onDismiss={() => setNotice(null)} marginBottom="medium">
            {notice}
          </Alert>
        ) : null}
      </div>
      {start.isError ? (
        <Alert variation="error" marginBottom="medium">
          {errorMessage(start.error)}
        </Alert>
      ) : null}

      {step.kind === 'setup' ? (
        <MfaSetupForm
          setup={step.setup}
          onDone={() => finished(MFA_MESSAGES.enabled)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      ) : step.kind === 'turn-off' ? (
        <MfaTurnOffForm
          onDone={() => finished(MFA_MESSAGES.disabled)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      ) : (
        <Flex gap="small" wrap="wrap">
          <Button
            variation={enabled ? undefined : 'primary'}
            onClick={beginSetup}
            isLoading={start.isPending}
            loadingText="Preparing..."
          >
            {enabled ? 'Replace authenticator app' : 'Set up authenticator app'}
          </Button>
          {enabled && !required ? (
            <Button onClick={() => setStep({ kind: 'turn-off' })}>Turn off</Button>
          ) : null}
        </Flex>
      )}
      {enabled && required ? (
        <Text color="font.secondary" fontSize="small" marginTop="small">
          {MFA_MESSAGES.stillRequired}.
        </Text>
      ) : null}
    </Card>
  );
}

function OrganizationMfa() {
  const { profile, organization } = useCurrentUser();
  const update = useUpdateOrganizationSettings();
  const headingId = useId();
  if (!hasRole(profile.role, 'admin')) return null;

  const change = (requireMfa: boolean) => update.mutate({ require_mfa: requireMfa });
  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId} marginTop="medium">
      <Heading level={3} id={headingId} marginBottom="xxs">
        Organization security
      </Heading>
      <Text color="font.secondary" marginBottom="medium">
        Members without multi-factor authentication are sent to set it up when they sign in, and can do
        nothing else until they have.
      </Text>
      <SwitchField
        label="Require multi-factor authentication for every member"
        isChecked={organization.require_mfa}
        isDisabled={update.isPending}
        onChange={(event) => change(event.target.checked)}
      />
      <OrganizationSettingStatus
        update={update}
        savingMessage="Saving…"
        savedMessage={(settings) => (settings.require_mfa ? MFA_MESSAGES.requireOn : MFA_MESSAGES.requireOff)}
      />
    </Card>
  );
}
