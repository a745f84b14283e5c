import { Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { AgentMachine } from '@shared/agent-data';
import { CLONE_MESSAGES, cloneSentence } from '@shared/machine-clones';
import { formatDateTime } from '../../../components/format';

/**
 * The machine page's possible clone (issue 35): two computers seem to report with this machine's
 * device token. Said, with what to do about it; nothing is revoked or moved for the admin.
 */
export function AgentClone({ machine }: { machine: AgentMachine | undefined }) {
  const headingId = useId();
  const clone = machine?.possible_clone;
  if (!clone) return null;
  return (
    <section className="agent-duplicate" aria-labelledby={headingId} data-possible-clone>
      <Heading level={3} id={headingId} className="agent-duplicate__title">
        {CLONE_MESSAGES.mark}
      </Heading>
      <Text>{cloneSentence(clone, formatDateTime(clone.since))}</Text>
      <Text className="agent-muted">{CLONE_MESSAGES.advice}</Text>
    </section>
  );
}
