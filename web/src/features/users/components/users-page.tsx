import { Alert, Heading } from '@aws-amplify/ui-react';
import { hasRole } from '../../../../../shared/constants';
import { useCurrentUser } from '../../../api/me';
import { ComingSoon } from '../../../components/coming-soon';

export function UsersPage() {
  const { profile } = useCurrentUser();

  if (!hasRole(profile.role, 'admin')) {
    return (
      <Alert variation="error" role="alert" hasIcon>
        Access Denied - Only administrators can view this page.
      </Alert>
    );
  }

  const title = profile.role === 'super_admin' ? 'System Management' : 'Team Management';
  return (
    <>
      <Heading level={2} marginBottom="medium">
        {title}
      </Heading>
      <ComingSoon title={title === 'System Management' ? 'Users and Organizations' : 'Users'} level={3} />
    </>
  );
}
