import { Heading, Tabs } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import { AgentMonitoringTab } from './agent-monitoring-tab';
import { HardwareTab } from './hardware-tab';

type AssetsTab = 'agents' | 'hardware';

/** ?tab=hardware opens Manual Hardware; anything else is Agent Monitoring (the default). */
function tabFromQuery(tab: string | null): AssetsTab {
  return tab === 'hardware' ? 'hardware' : 'agents';
}

export function AssetsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));

  const selectTab = (value: string) => {
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
      <Tabs.Container value={tab} onValueChange={selectTab} isLazy>
        <Tabs.List aria-label="Asset views">
          <Tabs.Item value="agents">Agent Monitoring</Tabs.Item>
          <Tabs.Item value="hardware">Manual Hardware</Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="agents" paddingTop="medium">
          <AgentMonitoringTab />
        </Tabs.Panel>
        <Tabs.Panel value="hardware" paddingTop="medium">
          <HardwareTab />
        </Tabs.Panel>
      </Tabs.Container>
    </>
  );
}
