import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useRef, useState } from 'react';
import { hasRole } from '@shared/constants';
import { DEVICE_APPROVAL_TEXTS, type PendingDevice } from '@shared/device-approvals';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { LoadError } from '../../../components/load-error';
import { useDecidePendingDevice, usePendingDevices, type PendingDecision } from '../api/pending-devices';
import { formatDateTime } from '../../../components/format';
import '../pending-devices.css';

interface Deciding {
  device: PendingDevice;
  decision: PendingDecision;
}

function question({ device, decision }: Deciding): string {
  return decision === 'approve'
    ? DEVICE_APPROVAL_TEXTS.approveConfirm(device.hostname, device.enrolled_hostname ?? 'another device')
    : DEVICE_APPROVAL_TEXTS.rejectConfirm(device.hostname);
}

/**
 * Agent Monitoring's devices held for approval (issue 35): a device that enrolled a machine id
 * another device has, without that device's token (a clone, a reinstalled PC, someone with the
 * key). Shown only while there are some; admins approve (it replaces the enrolled device) or
 * reject (it is deleted), each after a confirmation. Cards, so a phone shows every action.
 */
export function PendingDevices() {
  const { profile } = useCurrentUser();
  const canDecide = hasRole(profile.role, 'admin');
  const headingId = useId();
  const pending = usePendingDevices();
  const decide = useDecidePendingDevice();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();
  const regionRef = useRef<HTMLElement>(null);
  const items = pending.data?.items ?? [];

  const open = (device: PendingDevice, decision: PendingDecision) => {
    decide.reset();
    setDeciding({ device, decision });
  };

  const confirm = async ({ device, decision }: Deciding) => {
    try {
      await decide.mutateAsync({ deviceId: device.device_id, decision });
      setDeciding(null);
      showNotice(
        decision === 'approve'
          ? DEVICE_APPROVAL_TEXTS.approved(device.hostname)
          : DEVICE_APPROVAL_TEXTS.rejected(device.hostname),
      );
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(
        decision === 'approve' ? DEVICE_APPROVAL_TEXTS.approveFailed : DEVICE_APPROVAL_TEXTS.rejectFailed,
        error,
      );
    }
  };

  if (pending.isError && !pending.data) {
    return (
      <LoadError
        heading="Could not load the devices waiting for approval"
        query={pending}
        marginBottom="small"
      />
    );
  }
  return (
    <>
      <SuccessNotice notice={notice} onDismiss={clearNotice} />
      {items.length > 0 ? (
        <section ref={regionRef} tabIndex={-1} className="pending-devices" aria-labelledby={headingId}>
          <Heading level={3} id={headingId} className="pending-devices__heading">
            {DEVICE_APPROVAL_TEXTS.heading} <Badge variation="warning">{items.length}</Badge>
          </Heading>
          <Text color="font.secondary" marginBottom="small">
            {DEVICE_APPROVAL_TEXTS.explanation}
            {canDecide ? null : ' Only administrators can approve or reject them.'}
          </Text>
          <ul className="pending-devices__list">
            {items.map((device) => (
              <li key={device.device_id}>
                <Card variation="outlined" className="pending-devices__card" data-testid="pending-device">
                  <Text fontWeight="bold">{device.hostname}</Text>
                  <Alert variation="warning" hasIcon={false} className="pending-devices__message">
                    {device.message}
                  </Alert>
                  <Text fontSize="small" color="font.secondary">
                    Asked {formatDateTime(device.requested_at)}
                    {device.os_type ? ` · ${device.os_type}` : ''}
                    {device.api_key_prefix ? ` · key ${device.api_key_prefix}…` : ''}
                  </Text>
                  {canDecide ? (
                    <Flex gap="small" marginTop="small" wrap="wrap">
                      <Button
                        size="small"
                        variation="primary"
                        onClick={() => open(device, 'approve')}
                        aria-label={`Approve ${device.hostname}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="small"
                        colorTheme="error"
                        onClick={() => open(device, 'reject')}
                        aria-label={`Reject ${device.hostname}`}
                      >
                        Reject
                      </Button>
                    </Flex>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {deciding ? (
        <ConfirmDialog
          question={question(deciding)}
          detail={deciding.device.message}
          confirmLabel={deciding.decision === 'approve' ? 'Approve' : 'Reject'}
          destructive={deciding.decision === 'reject'}
          busy={decide.isPending}
          error={
            decide.isError
              ? {
                  heading:
                    deciding.decision === 'approve'
                      ? DEVICE_APPROVAL_TEXTS.approveFailed
                      : DEVICE_APPROVAL_TEXTS.rejectFailed,
                  message: errorMessage(decide.error),
                }
              : null
          }
          onConfirm={() => void confirm(deciding)}
          onCancel={() => setDeciding(null)}
          returnFocus={() => regionRef.current}
        />
      ) : null}
    </>
  );
}
