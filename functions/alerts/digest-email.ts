import {
  digestHeadline,
  digestSubject,
  FULL_DISK_PERCENT,
  WARRANTY_ALERT_DAYS,
  type DigestSummary,
} from '../../shared/alerts';
import type { Email } from '../lib/mail';
import type { DigestList, ExpiringWarranty, FullDisk, OfflineMachine } from './digest-content';

/** One recipient's digest: the organisation's warranties and disks, and the machines offline by their own hours. */
export interface Digest {
  organizationName: string;
  offlineHours: number;
  offline: DigestList<OfflineMachine>;
  warranties: DigestList<ExpiringWarranty>;
  disks: DigestList<FullDisk>;
}

export function digestSummary(digest: Pick<Digest, 'offline' | 'warranties' | 'disks'>): DigestSummary {
  return {
    offline_machines: digest.offline.count,
    expiring_warranties: digest.warranties.count,
    full_disks: digest.disks.count,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** "2026-11-25T08:00:00.000Z" → "25 Nov 2026, 08:00 UTC": the email has no reader's time zone. */
const when = (time: string) =>
  `${new Date(time).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

interface Section {
  title: string;
  /** Each row's cells, in the columns' order; the text version joins them. */
  columns: string[];
  rows: string[][];
  count: number;
  complete: boolean;
}

function sections(digest: Digest): Section[] {
  return [
    {
      title: `Machines offline for more than ${digest.offlineHours} ${digest.offlineHours === 1 ? 'hour' : 'hours'}`,
      columns: ['Hostname', 'Last seen', 'Logged-in user'],
      rows: digest.offline.rows.map((machine) => [
        machine.hostname,
        when(machine.last_seen),
        machine.logged_in_user ?? '-',
      ]),
      count: digest.offline.count,
      complete: digest.offline.complete,
    },
    {
      title: `Warranties ending within ${WARRANTY_ALERT_DAYS} days`,
      columns: ['Asset', 'Serial number', 'Warranty ends', 'Assigned to'],
      rows: digest.warranties.rows.map((asset) => [
        asset.name,
        asset.serial_number ?? '-',
        asset.warranty_expiry,
        asset.assigned_to ?? '-',
      ]),
      count: digest.warranties.count,
      complete: digest.warranties.complete,
    },
    {
      title: `Disks more than ${FULL_DISK_PERCENT}% full`,
      columns: ['Hostname', 'Disk', 'Full', 'Used / total'],
      rows: digest.disks.rows.map((disk) => [
        disk.hostname,
        disk.device,
        `${disk.percent}%`,
        `${disk.used_gb ?? '?'} GB / ${disk.total_gb ?? '?'} GB`,
      ]),
      count: digest.disks.count,
      complete: digest.disks.complete,
    },
  ].filter((section) => section.count > 0);
}

const countText = (section: Section) => `${section.count}${section.complete ? '' : '+'}`;
const moreText = (section: Section) => {
  const more = section.count - section.rows.length;
  return more > 0 ? `and ${more}${section.complete ? '' : '+'} more` : null;
};

/** The digest email, text and HTML, to one admin; the app's address leads to the details. */
export function digestEmail(to: string, digest: Digest, appUrl: string | null): Email {
  const summary = digestSummary(digest);
  const found = sections(digest);
  const text = [
    `The daily alert digest of ${digest.organizationName}: ${digestHeadline(summary)}.`,
    ...found.flatMap((section) => [
      '',
      `${section.title}: ${countText(section)}`,
      ...section.rows.map((row) => `- ${row.join(' | ')}`),
      ...(moreText(section) ? [`  ${moreText(section)}`] : []),
    ]),
    '',
    ...(appUrl ? [`Open IT Asset Auditor: ${appUrl}`] : []),
    'You receive this email because you turned on the daily alert digest in Settings → General → Alerts.',
  ].join('\n');
  const table = (section: Section) =>
    [
      `<h2>${escapeHtml(section.title)}: ${countText(section)}</h2>`,
      '<table cellpadding="4" cellspacing="0" border="1">',
      `<thead><tr>${section.columns.map((column) => `<th align="left">${escapeHtml(column)}</th>`).join('')}</tr></thead>`,
      '<tbody>',
      ...section.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`),
      '</tbody></table>',
      ...(moreText(section) ? [`<p>${escapeHtml(moreText(section) ?? '')}</p>`] : []),
    ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>The daily alert digest of <strong>${escapeHtml(digest.organizationName)}</strong>: ${escapeHtml(digestHeadline(summary))}.</p>`,
    ...found.map(table),
    ...(appUrl ? [`<p><a href="${escapeHtml(appUrl)}">Open IT Asset Auditor</a></p>`] : []),
    '<p>You receive this email because you turned on the daily alert digest in Settings → General → Alerts.</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: digestSubject(summary), text, html };
}
