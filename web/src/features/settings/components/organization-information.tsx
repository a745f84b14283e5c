import { Card, Heading, Text, View } from '@aws-amplify/ui-react';
import { ROLE_LABELS } from '@shared/constants';
import { useCurrentUser } from '../../../api/me';
import { useTokenInfo } from '../api/get-token-info';
import '../organization-information.css';

function TokenDebugBox({ profileRole }: { profileRole: string }) {
  const { data: token } = useTokenInfo();
  if (!token) return null;
  return (
    <section className="debug-box" aria-label="Token information">
      <Text fontSize="small" fontWeight="semibold" marginBottom="xs">
        Debug: access token
      </Text>
      <dl className="info-list">
        <dt>JWT role</dt>
        <dd>{token.roleClaim ?? profileRole}</dd>
        <dt>User id</dt>
        <dd>{token.userId ?? '-'}</dd>
        <dt>Expires</dt>
        <dd>{token.expiresAt ? token.expiresAt.toLocaleString('en-GB') : '-'}</dd>
      </dl>
    </section>
  );
}

export function OrganizationInformation() {
  const { profile, organization } = useCurrentUser();
  return (
    <Card variation="outlined">
      <Heading level={3} marginBottom="medium">
        Organization Information
      </Heading>
      <dl className="info-list">
        <dt>Organization</dt>
        <dd>{organization.name}</dd>
        <dt>Email</dt>
        <dd>{profile.email}</dd>
        <dt>Full Name</dt>
        <dd>{profile.full_name?.trim() || '-'}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[profile.role]}</dd>
      </dl>
      <View marginTop="medium">
        <TokenDebugBox profileRole={profile.role} />
      </View>
    </Card>
  );
}
