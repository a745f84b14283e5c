import { Alert, Badge, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AgentMachine } from '@shared/agent-data';
import { hasRole } from '@shared/constants';
import {
  DUPLICATE_MESSAGES,
  duplicateSentence,
  type DuplicateDecisionRequest,
} from '@shared/machine-duplicates';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDecideDuplicate } from '../api/decide-duplicate';
import { AssetPicker } from './agent-inventory-link';
import { MACHINE_PARAM } from './agent-monitoring-tab';

type Asked = 'keep' | 'replace' | 'add_to_inventory' | 'link';

const QUESTIONS: Record<Exclude<Asked, 'link'>, { question: string; confirm: string }> = {
  keep: { question: DUPLICATE_MESSAGES.keepConfirm, confirm: DUPLICATE_MESSAGES.keep },
  replace: { question: DUPLICATE_MESSAGES.replaceConfirm, confirm: DUPLICATE_MESSAGES.replace },
  add_to_inventory: { question: DUPLICATE_MESSAGES.addConfirm, confirm: DUPLICATE_MESSAGES.addToInventory },
};

/**
 * The machine page's possible duplicate (issue 35): which other machine reports the same serial
 * number, a way to it, and on the newcomer's page the admin's choice (keep, replace, link it to
 * another asset, or add it as a new asset), each confirmed first.
 */
export function AgentDuplicate({ machine }: { machine: AgentMachine | undefined }) {
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const { profile } = useCurrentUser();
  const isAdmin = hasRole(profile.role, 'admin');
  const decision = useDecideDuplicate(machine?.machine_id ?? '');
  const [asked, setAsked] = useState<Asked | null>(null);
  if (!machine?.possible_duplicate) return null;
  const isNewcomer = machine.possible_duplicates.some((duplicate) => duplicate.linked);
  const linkTo = (id: string) => {
    const params = new URLSearchParams(searchParams);
    params.set(MACHINE_PARAM, id);
    return { search: `?${params.toString()}` };
  };
  const decide = (request: DuplicateDecisionRequest) =>
    decision.mutate(request, { onSuccess: () => setAsked(null) });
  const close = () => {
    decision.reset();
    setAsked(null);
  };
  const failure = decision.isError ? errorMessage(decision.error) : null;

  return (
    <section className="agent-duplicate" aria-labelledby={headingId} data-possible-duplicate>
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Heading level={3} id={headingId} className="agent-duplicate__title">
          {DUPLICATE_MESSAGES.mark}
        </Heading>
        <Badge size="small" variation="error">
          {isNewcomer ? 'Not linked until an admin decides' : 'Still linked'}
        </Badge>
      </Flex>
      <ul className="agent-duplicate__list">
        {machine.possible_duplicates.map((duplicate) => (
          <li key={duplicate.machine_id}>
            <Text as="span">{duplicateSentence(duplicate)}. </Text>
            <RouterLink to={linkTo(duplicate.machine_id)}>
              Open {duplicate.hostname ?? duplicate.machine_id}
            </RouterLink>
          </li>
        ))}
      </ul>
      {!isNewcomer ? (
        <Text className="agent-muted">
          Its asset stays linked to this machine. {isAdmin ? 'Decide on the other machine’s page.' : ''}
        </Text>
      ) : isAdmin ? (
        <Flex gap="small" wrap="wrap" role="group" aria-label="Decide the possible duplicate">
          <Button size="small" onClick={() => setAsked('keep')}>
            {DUPLICATE_MESSAGES.keep}
          </Button>
          <Button size="small" onClick={() => setAsked('replace')}>
            {DUPLICATE_MESSAGES.replace}
          </Button>
          <Button size="small" onClick={() => setAsked('link')}>
            {DUPLICATE_MESSAGES.link}
          </Button>
          <Button size="small" onClick={() => setAsked('add_to_inventory')}>
            {DUPLICATE_MESSAGES.addToInventory}
          </Button>
        </Flex>
      ) : (
        <Text className="agent-muted">{DUPLICATE_MESSAGES.waitsForAdmin}.</Text>
      )}
      {failure && asked === null ? (
        <Alert variation="error" role="alert" marginTop="small">
          {failure}
        </Alert>
      ) : null}
      {asked && asked !== 'link' ? (
        <ConfirmDialog
          question={QUESTIONS[asked].question}
          confirmLabel={QUESTIONS[asked].confirm}
          destructive={asked === 'replace'}
          busy={decision.isPending}
          error={failure ? { heading: 'Could not decide', message: failure } : null}
          onConfirm={() => decide({ decision: asked })}
          onCancel={close}
        />
      ) : null}
      {asked === 'link' ? (
        <AssetPicker
          busy={decision.isPending}
          error={failure}
          onPick={(id) => decide({ decision: 'link', hardware_asset_id: id })}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
