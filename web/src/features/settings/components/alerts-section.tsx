import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SwitchField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import {
  ALERT_MESSAGES,
  alertSettingsUpdateSchema,
  MAX_OFFLINE_HOURS,
  MIN_OFFLINE_HOURS,
  type AlertSettings,
} from '@shared/alerts';
import { hasRole } from '@shared/constants';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { LoadError } from '../../../components/load-error';
import { useAlertSettings, useSendDigestNow, useUpdateAlertSettings } from '../api/alerts';
import '@aws-amplify/ui-react/styles/switchField.css';
import '../alerts.css';

/**
 * The form over the saved settings: its own values until saved, the hours as typed. `onSave`: the
 * section's other answer (the digest sent now) is out of date once the settings change.
 */
function AlertSettingsForm({ saved, onSave }: { saved: AlertSettings; onSave: () => void }) {
  const [digest, setDigest] = useState(saved.alert_digest);
  const [hours, setHours] = useState(String(saved.offline_hours));
  const [hoursError, setHoursError] = useState<string | null>(null);
  const update = useUpdateAlertSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = alertSettingsUpdateSchema.safeParse({
      alert_digest: digest,
      offline_hours: hours.trim() === '' ? Number.NaN : Number(hours),
    });
    if (!parsed.success) {
      setHoursError(parsed.error.issues[0]?.message ?? ALERT_MESSAGES.hoursHint);
      return;
    }
    setHoursError(null);
    onSave();
    update.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="alerts__form">
      <SwitchField
        label={ALERT_MESSAGES.digestLabel}
        isChecked={digest}
        onChange={(event) => {
          setDigest(event.target.checked);
          update.reset();
        }}
      />
      <TextField
        label={ALERT_MESSAGES.hoursLabel}
        descriptiveText={ALERT_MESSAGES.hoursHint}
        type="number"
        inputMode="numeric"
        min={MIN_OFFLINE_HOURS}
        max={MAX_OFFLINE_HOURS}
        step={1}
        value={hours}
        onChange={(event) => {
          setHours(event.target.value);
          update.reset();
        }}
        hasError={hoursError !== null}
        errorMessage={hoursError ?? undefined}
        className="alerts__hours"
      />
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Button
          type="submit"
          variation="primary"
          isLoading={update.isPending}
          loadingText={ALERT_MESSAGES.saving}
        >
          {ALERT_MESSAGES.save}
        </Button>
      </Flex>
      <div role="status">
        {update.isSuccess ? (
          <Alert variation="success" marginTop="small" isDismissible onDismiss={() => update.reset()}>
            {ALERT_MESSAGES.saved}
          </Alert>
        ) : null}
      </div>
      {update.isError ? (
        <Alert
          variation="error"
          role="alert"
          heading={ALERT_MESSAGES.saveFailed}
          marginTop="small"
          isDismissible
          onDismiss={() => update.reset()}
        >
          {errorMessage(update.error)}
        </Alert>
      ) : null}
    </form>
  );
}

/** "Send digest now": what was sent to whom, or why nothing was, until the settings are saved again. */
function SendDigestNow({ sending }: { sending: ReturnType<typeof useSendDigestNow> }) {
  return (
    <div className="alerts__send">
      <Button
        onClick={() => sending.mutate()}
        isLoading={sending.isPending}
        loadingText={ALERT_MESSAGES.sending}
      >
        {ALERT_MESSAGES.sendNow}
      </Button>
      <div role="status">
        {sending.isSuccess ? (
          <Alert
            variation={sending.data.sent > 0 ? 'success' : 'info'}
            marginTop="small"
            isDismissible
            onDismiss={() => sending.reset()}
          >
            {sending.data.message}
          </Alert>
        ) : null}
      </div>
      {sending.isError ? (
        <Alert
          variation="error"
          role="alert"
          heading={ALERT_MESSAGES.sendFailed}
          marginTop="small"
          isDismissible
          onDismiss={() => sending.reset()}
        >
          {errorMessage(sending.error)}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * Settings → General → Alerts, for admins: their own daily alert digest (GET/PATCH /api/me/alerts)
 * and the digest sent now to every admin who opted in (POST /api/alerts/digest).
 */
export function AlertsSection() {
  const { profile } = useCurrentUser();
  const isAdmin = hasRole(profile.role, 'admin');
  const settings = useAlertSettings(isAdmin);
  const sending = useSendDigestNow();
  const headingId = useId();
  if (!isAdmin) return null;

  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId} className="alerts" marginTop="medium">
      <Heading level={3} id={headingId}>
        {ALERT_MESSAGES.title}
      </Heading>
      <Text color="font.secondary" marginTop="xxs" marginBottom="medium">
        {ALERT_MESSAGES.description}
      </Text>
      {settings.data ? (
        <AlertSettingsForm saved={settings.data} onSave={() => sending.reset()} />
      ) : settings.isError ? (
        <LoadError heading={ALERT_MESSAGES.loadFailed} query={settings} />
      ) : (
        <Loader size="small" aria-label={ALERT_MESSAGES.title} />
      )}
      <SendDigestNow sending={sending} />
    </Card>
  );
}
