import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useRef } from 'react';
import {
  AGENT_BUNDLE_FILE_NAME,
  AGENT_FIRST_REPORT_MINUTES,
  AGENT_REPORT_INTERVAL_MINUTES,
} from '@shared/agent-data';
import { AGENT_DOWNLOAD_MESSAGES } from '@shared/agent-download';
import { errorMessage } from '../../../api/api-client';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { installerBuilding, useDownloadAgent } from '../api/download-agent';
import {
  API_KEY_PLACEHOLDER,
  linuxInstallCommand,
  silentMsiCommand,
  windowsInstallCommand,
} from './agent-install-commands';
import { agentSubmitAddress } from './api-key-format';
import { AgentSettingSwitch } from './agent-setting-switch';
import { AgentTiles } from './agent-tiles';
import { CopyButton } from './copy-button';
import { InstallerBuilding } from './installer-building';
import '../copy-box.css';
import '../monitoring-agent.css';

/** The server's explanation, when it gave one beyond the generic text. */
function serverDetail(error: unknown): string | null {
  const message = errorMessage(error, '').trim();
  return message && message !== 'An error occurred' ? message : null;
}

/**
 * Settings → General → Monitoring Agent: what the agent does, its installer download, how to
 * install it with a key from the section above, and the three feature tiles (SPEC 2, 8 and 9).
 */
export function MonitoringAgentSection() {
  const headingId = useId();
  const installId = useId();
  const windowsId = useId();
  const linuxId = useId();
  const silentId = useId();
  const downloadRef = useRef<HTMLButtonElement>(null);
  const download = useDownloadAgent();
  const endpoint = agentSubmitAddress(window.location.origin, getRuntimeConfig().agentReportUrl);
  const windowsCommand = windowsInstallCommand(endpoint);
  const linuxCommand = linuxInstallCommand(endpoint);
  const silentCommand = silentMsiCommand(endpoint);

  const startDownload = () => {
    download.mutate(undefined, {
      onError: (error) => {
        if (!installerBuilding(error)) console.error(AGENT_DOWNLOAD_MESSAGES.alert, error);
      },
    });
  };

  const building = installerBuilding(download.error);
  const detail = download.isError ? serverDetail(download.error) : null;

  return (
    <Card
      variation="outlined"
      as="section"
      aria-labelledby={headingId}
      className="monitoring-agent"
      marginTop="medium"
    >
      <Flex
        className="monitoring-agent__header"
        justifyContent="space-between"
        alignItems="flex-start"
        gap="small"
      >
        <div>
          <Heading level={3} id={headingId}>
            Monitoring Agent
          </Heading>
          <Text color="font.secondary" marginTop="xxs">
            The agent runs as a Windows service and reports the machine&apos;s hardware, software, disks,
            printers and shared folders every {AGENT_REPORT_INTERVAL_MINUTES} minutes, the first report{' '}
            {AGENT_FIRST_REPORT_MINUTES} minutes after it starts. Installing it needs administrator
            privileges.
          </Text>
        </div>
        <Button
          ref={downloadRef}
          variation="primary"
          onClick={startDownload}
          isLoading={download.isPending}
          loadingText="Preparing download…"
          className="monitoring-agent__download"
        >
          Download Agent
        </Button>
      </Flex>

      {building ? (
        <InstallerBuilding first={building} onDownload={startDownload} />
      ) : download.isError ? (
        <Alert
          variation="error"
          heading={AGENT_DOWNLOAD_MESSAGES.failed}
          marginBottom="medium"
          isDismissible
          onDismiss={() => {
            download.reset();
            downloadRef.current?.focus();
          }}
          data-testid="agent-download-error"
        >
          {AGENT_DOWNLOAD_MESSAGES.alert}
          {detail ? <span className="monitoring-agent__error-detail">{detail}</span> : null}
        </Alert>
      ) : null}

      <AgentTiles />

      <AgentSettingSwitch setting="agent_auto_update" />

      <AgentSettingSwitch setting="auto_add_machines" />

      <section aria-labelledby={installId} className="monitoring-agent__install">
        <Heading level={4} id={installId} className="monitoring-agent__title">
          Installation
        </Heading>
        <ol className="install-steps">
          <li>
            Generate an API key in <strong>API Keys for Agents</strong> above (administrators only), and copy
            it.
          </li>
          <li>
            Download the agent and unzip <code className="inline-code">{AGENT_BUNDLE_FILE_NAME}</code> to a
            folder.
          </li>
          <li>
            <span id={windowsId}>
              Open PowerShell as Administrator in that folder and run, with your key in place of{' '}
              <code className="inline-code">{API_KEY_PLACEHOLDER}</code>:
            </span>
            <div className="copy-box install-steps__command" role="group" aria-labelledby={windowsId}>
              <code className="copy-box__value" data-testid="agent-install-command">
                {windowsCommand}
              </code>
              <CopyButton text={windowsCommand} what="install command" />
            </div>
          </li>
          <li>
            The machine appears in <strong>Assets → Agent Monitoring</strong> within about{' '}
            {AGENT_FIRST_REPORT_MINUTES} minutes.
          </li>
        </ol>
        <InstallCommand
          id={linuxId}
          intro="On Linux with systemd, run this in the unzipped folder instead (Debian and Ubuntu get the .deb, Node.js 24 inside; other distributions need Node.js 20 or later):"
          command={linuxCommand}
          testId="agent-install-command-linux"
          what="Linux install command"
        />
        <InstallCommand
          id={silentId}
          intro="On many PCs at once (Intune, Group Policy), deploy the MSI from the zip silently; PROXY_URL= and CA_CERT_FILE= are taken too:"
          command={silentCommand}
          testId="agent-install-command-msi"
          what="silent install command"
        />
      </section>
    </Card>
  );
}

/** A command to copy, introduced by a line that names it for screen readers. */
function InstallCommand(props: { id: string; intro: string; command: string; testId: string; what: string }) {
  return (
    <>
      <Text fontSize="small" color="font.secondary" id={props.id} marginTop="small" marginBottom="xs">
        {props.intro}
      </Text>
      <div className="copy-box" role="group" aria-labelledby={props.id}>
        <code className="copy-box__value" data-testid={props.testId}>
          {props.command}
        </code>
        <CopyButton text={props.command} what={props.what} />
      </div>
    </>
  );
}
