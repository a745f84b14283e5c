import { Alert, Heading, Tabs } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import { hasRole } from '@shared/constants';
import { USER_MESSAGES } from '@shared/users';
import { useCurrentUser } from '../../../api/me';
import { OrganizationsTab } from './organizations-tab';
import { UsersTab } from './users-tab';
import '../users.css';

type UsersPageTab = 'users' | 'organizations';

/** ?tab=organizations opens Organizations; anything else is Users (the default). */
function tabFromQuery(tab: string | null): UsersPageTab {
  return tab === 'organizations' ? 'organizations' : 'users';
}

/** Team Management (admin) or System Management (super_admin, with an Organizations tab). */
export function UsersPage() {
  const { profile } = useCurrentUser();

  if (!hasRole(profile.role, 'admin')) {
    return (
      <Alert variation="error" role="alert" hasIcon>
        {USER_MESSAGES.accessDenied}
      </Alert>
    );
  }

  if (profile.role !== 'super_admin') {
    return (
      <section aria-labelledby="users-title" className="users-page">
        <Heading level={2} id="users-title" marginBottom="medium">
          Team Management
        </Heading>
        <UsersTab />
      </section>
    );
  }
  return <SystemManagement />;
}

function SystemManagement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));

  const selectTab = (value: string) => {
    setSearchParams((params) => {
      if (value === 'organizations') params.set('tab', 'organizations');
      else params.delete('tab');
      return params;
    });
  };

  return (
    <section aria-labelledby="users-title" className="users-page">
      <Heading level={2} id="users-title" marginBottom="medium">
        System Management
      </Heading>
      <Tabs.Container value={tab} onValueChange={selectTab} isLazy>
        <Tabs.List aria-label="System management views">
          <Tabs.Item value="users">Users</Tabs.Item>
          <Tabs.Item value="organizations">Organizations</Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="users" paddingTop="medium">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="organizations" paddingTop="medium">
          <OrganizationsTab />
        </Tabs.Panel>
      </Tabs.Container>
    </section>
  );
}
