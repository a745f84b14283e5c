import { NavLink } from 'react-router';
import type { Role } from '@shared/constants';
import { hasRole } from '@shared/constants';

/** Navigation state that marks "the user picked this tab" (as opposed to landing on the address). */
export const VIA_TAB_STATE = { viaTab: true } as const;

export function cameViaTab(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'viaTab' in state && state.viaTab === true;
}

interface Tab {
  to: string;
  label: string;
  minRole?: Role;
}

const TABS: readonly Tab[] = [
  { to: '/', label: 'Dashboard' },
  { to: '/assets', label: 'Assets' },
  { to: '/disposal', label: 'Disposal' },
  { to: '/users', label: 'Users', minRole: 'admin' },
  { to: '/settings', label: 'Settings' },
];

/** The main tabs: a top bar on wide screens, a 4-column grid on small ones (app.css). */
export function NavTabs({ role }: { role: Role }) {
  return (
    <nav aria-label="Main" className="app-tabs">
      {TABS.filter((tab) => !tab.minRole || hasRole(role, tab.minRole)).map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.to === '/'} state={VIA_TAB_STATE} className="app-tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
