import { Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { AGENT_REPORT_INTERVAL_MINUTES } from '@shared/agent-data';
import '../monitoring-agent.css';

const iconProps = {
  className: 'agent-tile__icon',
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** Two arrows in a circle: reports on a schedule. */
function RefreshIcon() {
  return (
    <svg {...iconProps}>
      <path d="M21 12a9 9 0 0 1-15.5 6.2" />
      <path d="M3 12A9 9 0 0 1 18.5 5.8" />
      <path d="M18.5 2v3.8h-3.8" />
      <path d="M5.5 22v-3.8h3.8" />
    </svg>
  );
}

/** A shield with a padlock's keyhole: encrypted transmission. */
function ShieldIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 2.5 4 5.5v6c0 5 3.4 8.6 8 10 4.6-1.4 8-5 8-10v-6l-8-3Z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </svg>
  );
}

/** A gear: runs by itself. */
function GearIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </svg>
  );
}

interface Tile {
  icon: ReactNode;
  title: string;
  text: string;
}

/** SPEC 2, Settings: the three tiles of the Monitoring Agent section, word for word. */
const TILES: readonly Tile[] = [
  {
    icon: <RefreshIcon />,
    title: 'Automatic Updates',
    text: `Reports every ${AGENT_REPORT_INTERVAL_MINUTES} minutes.`,
  },
  { icon: <ShieldIcon />, title: 'Secure & Private', text: 'Encrypted transmission.' },
  {
    icon: <GearIcon />,
    title: 'Zero Maintenance',
    text: 'Runs in the background as a service, restarted if it stops.',
  },
];

/** Three columns when there is room, stacked on phones. */
export function AgentTiles() {
  return (
    <ul className="agent-tiles" aria-label="Agent features">
      {TILES.map((tile) => (
        <li key={tile.title} className="agent-tile">
          <span className="agent-tile__badge">{tile.icon}</span>
          <div>
            <Heading level={4} className="agent-tile__title">
              {tile.title}
            </Heading>
            <Text fontSize="small" color="font.secondary" className="agent-tile__text">
              {tile.text}
            </Text>
          </div>
        </li>
      ))}
    </ul>
  );
}
