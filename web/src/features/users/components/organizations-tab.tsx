import { Heading, VisuallyHidden } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { ORGANIZATION_MESSAGES, type OrganizationSummary } from '@shared/users';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ListLoading } from '../../../components/list-states';
import { LoadError } from '../../../components/load-error';
import { SHORT_NOTICE_MS, SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { useOrganizationList } from '../api/list-organizations';
import { useDeleteOrganization } from '../api/organization-mutations';
import { OrganizationsTable } from './organizations-table';

/** The super_admin's Organizations tab: every organisation with its user count, and Delete. */
export function OrganizationsTab() {
  const { profile } = useCurrentUser();
  const organizations = useOrganizationList();
  const deletion = useDeleteOrganization();

  const [deleting, setDeleting] = useState<OrganizationSummary | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();

  const tableRegionRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const failed = organizations.isError && !organizations.data;

  const confirmDelete = async (organization: OrganizationSummary) => {
    try {
      await deletion.mutateAsync(organization.id);
      setDeleting(null);
      showNotice(ORGANIZATION_MESSAGES.deleted(organization.name), SHORT_NOTICE_MS);
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(ORGANIZATION_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <>
      <SuccessNotice notice={notice} onDismiss={clearNotice} />

      <Heading ref={headingRef} level={3} marginBottom="small" className="users-heading" tabIndex={-1}>
        Organizations
      </Heading>
      <VisuallyHidden role="status">{organizations.isPending ? 'Loading organizations…' : ''}</VisuallyHidden>
      {organizations.isPending ? (
        <ListLoading text="Loading organizations…" />
      ) : failed ? (
        <LoadError heading={ORGANIZATION_MESSAGES.loadFailed} query={organizations} />
      ) : organizations.data.length === 0 ? (
        <EmptyState level={4} heading={ORGANIZATION_MESSAGES.none} />
      ) : (
        <OrganizationsTable
          ref={tableRegionRef}
          organizations={organizations.data}
          ownOrganizationId={profile.organization_id}
          busy={organizations.isFetching}
          onDelete={(organization) => {
            deletion.reset();
            setDeleting(organization);
          }}
        />
      )}

      {deleting ? (
        <ConfirmDialog
          question={ORGANIZATION_MESSAGES.deleteConfirm(deleting.name)}
          detail={
            <>
              <strong>{deleting.name}</strong> has {deleting.user_count.toLocaleString('en-GB')}{' '}
              {deleting.user_count === 1 ? 'user' : 'users'}.
            </>
          }
          confirmLabel="Delete"
          busy={deletion.isPending}
          error={
            deletion.isError
              ? { heading: ORGANIZATION_MESSAGES.deleteFailed, message: errorMessage(deletion.error) }
              : null
          }
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
          returnFocus={() =>
            document.querySelector<HTMLElement>(`[data-delete-organization="${deleting.id}"]`) ??
            tableRegionRef.current ??
            headingRef.current
          }
        />
      ) : null}
    </>
  );
}
