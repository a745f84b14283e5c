import { Heading, Placeholder, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { API_KEY_DISPLAY_CHARS, type ApiKey } from '@shared/api-keys';
import { API_KEY_HEADER } from '@shared/agent-data';
import { agentConfiguration, agentSubmitAddress } from './api-key-format';
import { CopyButton } from './copy-button';
import '../copy-box.css';
import '../monitoring-agent.css';

interface AgentConnectionProps {
  /** The organisation's keys, newest first; undefined while they load or when they failed to. */
  keys: ApiKey[] | undefined;
  /** The keys failed to load (the list says so, with a retry). */
  failed: boolean;
}

/** Where agents send their reports, and the configuration that points an agent there. */
export function AgentConnection({ keys, failed }: AgentConnectionProps) {
  const addressId = useId();
  const configId = useId();
  const address = agentSubmitAddress(window.location.origin);
  const configuration = agentConfiguration(address, keys?.[0]);

  return (
    <div className="agent-connection">
      <section aria-labelledby={addressId} className="agent-connection__part">
        <Heading level={4} id={addressId} className="agent-connection__title">
          Agent submit address
        </Heading>
        <Text fontSize="small" color="font.secondary" marginBottom="xs">
          Agents send their reports here, with their key in the{' '}
          <code className="inline-code">{API_KEY_HEADER}</code> header.
        </Text>
        <div className="copy-box">
          <code className="copy-box__value" data-testid="agent-submit-address">
            {address}
          </code>
          <CopyButton text={address} what="submit address" />
        </div>
      </section>

      <section aria-labelledby={configId} className="agent-connection__part">
        <Heading level={4} id={configId} className="agent-connection__title">
          Configuration
        </Heading>
        {keys === undefined ? (
          failed ? (
            <Text fontSize="small" color="font.secondary">
              The configuration is shown once the API keys have loaded.
            </Text>
          ) : (
            <Placeholder height="4.5rem" aria-hidden="true" />
          )
        ) : configuration === null ? (
          <Text fontSize="small" color="font.secondary">
            An agent needs an API key: generate one to complete its configuration.
          </Text>
        ) : (
          <>
            <Text fontSize="small" color="font.secondary" marginBottom="xs">
              The agent&apos;s settings with your newest key, of which only the first {API_KEY_DISPLAY_CHARS}{' '}
              characters are shown: use the full key you copied when you generated it.
            </Text>
            <pre className="code-block" data-testid="agent-configuration">
              <code>{configuration}</code>
            </pre>
          </>
        )}
      </section>
    </div>
  );
}
