import { Heading, Tabs } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { HardwareTab } from './hardware-tab';

type AssetsTab = 'agents' | 'hardware';

/**
 * Each tab's code loads when the tab opens; Agent Monitoring's (the machines' grid and detail, with
 * Amplify UI's primitives) is not needed to show Manual Hardware.
 */
const AgentMonitoringTab = lazy(() =>
  import('./agent-monitoring-tab').then((module) => ({ default: module.AgentMonitoringTab })),
);

/** ?tab=hardware opens Manual Hardware; anything else is Agent Monitoring (the default). */
function tabFromQuery(tab: string | null): AssetsTab {
  return tab === 'hardware' ? 'hardware' : 'agents';
}

export function AssetsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));

  const selectTab = (value: string) => {
    setSearchParams((params) => {
      if (tabFromQuery(value) === 'hardware') params.set('tab', 'hardware');
      else params.delete('tab');
      return params;
    });
  };

  return (
    <>
      <Heading level={2} marginBottom="medium">
        Assets
      </Heading>
      <Tabs.Container value={tab} onValueChange={selectTab} isLazy>
        <Tabs.List aria-label="Asset views">
          <Tabs.Item value="agents">Agent Monitoring</Tabs.Item>
          <Tabs.Item value="hardware">Manual Hardware</Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="agents" paddingTop="medium">
          <Suspense fallback={<PageLoader label="Loading" />}>
            <AgentMonitoringTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="hardware" paddingTop="medium">
          <HardwareTab />
        </Tabs.Panel>
      </Tabs.Container>
    </>
  );
}
