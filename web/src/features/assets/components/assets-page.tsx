import { Heading, Tabs } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { HardwareTab } from './hardware-tab';
import { FLEET_LIST_PARAMS, HARDWARE_LIST_PARAMS } from './list-params';

type AssetsTab = 'agents' | 'hardware' | 'software';

/**
 * Each tab's code loads when the tab opens; Agent Monitoring's (the machines' grid and detail, with
 * Amplify UI's primitives) is not needed to show Manual Hardware.
 */
const AgentMonitoringTab = lazy(() =>
  import('./agent-monitoring-tab').then((module) => ({ default: module.AgentMonitoringTab })),
);

const SoftwareTab = lazy(() => import('./software-tab').then((module) => ({ default: module.SoftwareTab })));

/** ?tab=hardware opens Manual Hardware, ?tab=software Software; anything else is Agent Monitoring (the default). */
function tabFromQuery(tab: string | null): AssetsTab {
  return tab === 'hardware' || tab === 'software' ? tab : 'agents';
}

export function AssetsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));

  const selectTab = (value: string) => {
    setSearchParams((params) => {
      const next = tabFromQuery(value);
      if (next === 'agents') params.delete('tab');
      else params.set('tab', next);
      // A program or machine opened in one tab is not carried to another, nor a list's filters.
      params.delete('program');
      for (const name of [...HARDWARE_LIST_PARAMS, ...FLEET_LIST_PARAMS]) params.delete(name);
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
          <Tabs.Item value="software">Software</Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="agents" paddingTop="medium">
          <Suspense fallback={<PageLoader label="Loading" />}>
            <AgentMonitoringTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="hardware" paddingTop="medium">
          <HardwareTab />
        </Tabs.Panel>
        <Tabs.Panel value="software" paddingTop="medium">
          <Suspense fallback={<PageLoader label="Loading" />}>
            <SoftwareTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs.Container>
    </>
  );
}
