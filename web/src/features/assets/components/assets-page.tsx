import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { Heading, Tabs } from '../../../components/plain-ui';
import { HardwareTab } from './hardware-tab';

type AssetsTab = 'agents' | 'hardware';

/**
 * Each tab's code loads when the tab opens; Agent Monitoring's (the machines' grid and detail, with
 * Amplify UI's primitives) is not needed to show Manual Hardware.
 */
const AgentMonitoringTab = lazy(() =>
  import('./agent-monitoring-tab').then((module) => ({ default: module.AgentMonitoringTab })),
);

const TABS = [
  { value: 'agents', label: 'Agent Monitoring' },
  { value: 'hardware', label: 'Manual Hardware' },
] as const;

/** ?tab=hardware opens Manual Hardware; anything else is Agent Monitoring (the default). */
function tabFromQuery(tab: string | null): AssetsTab {
  return tab === 'hardware' ? 'hardware' : 'agents';
}

export function AssetsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));

  const selectTab = (value: AssetsTab) => {
    setSearchParams((params) => {
      if (value === 'hardware') params.set('tab', 'hardware');
      else params.delete('tab');
      return params;
    });
  };

  return (
    <>
      <Heading level={2} marginBottom="medium">
        Assets
      </Heading>
      <Tabs value={tab} onValueChange={selectTab} label="Asset views" tabs={TABS}>
        {tab === 'agents' ? (
          <Suspense fallback={<PageLoader label="Loading" />}>
            <AgentMonitoringTab />
          </Suspense>
        ) : (
          <HardwareTab />
        )}
      </Tabs>
    </>
  );
}
