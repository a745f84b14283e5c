import { Alert } from '@aws-amplify/ui-react';
import type { AgentReportSection, StaleSections } from '@shared/agent-data';
import { staleMessage } from './agent-format';

/**
 * The sections of a part of the machine view that the latest report could not collect: said above
 * the data they show, which is from the last report that did collect them.
 */
export function StaleNotices({
  sections,
  stale,
}: {
  sections: readonly AgentReportSection[];
  stale: StaleSections | undefined;
}) {
  const notices = sections.flatMap((section) => {
    const mark = stale?.[section];
    return mark ? [{ section, message: staleMessage(section, mark) }] : [];
  });
  if (notices.length === 0) return null;
  return (
    <div className="agent-stale">
      {notices.map(({ section, message }) => (
        // A note, not an alert: it is part of the machine's state, not news of this moment.
        <Alert key={section} variation="warning" role="note" data-stale-section={section}>
          {message}
        </Alert>
      ))}
    </div>
  );
}
