import { useId } from 'react';
import type { ExpiringWarranty } from '@shared/api';
import { WARRANTY_WINDOW_DAYS } from '@shared/hardware';
import { ColumnHeaders } from '../../../components/column-headers';
import { OutlinedCard, SkeletonBar } from '../../../components/plain-parts';
import { SmallBadge, Td, Tr } from '../../../components/plain-table';
import { Heading, Table, Text } from '../../../components/plain-ui';
import { daysUntil, formatCalendarDate, relativeDays } from './dates';

const EMPTY = '—';

function assetName(asset: ExpiringWarranty): string {
  return [asset.manufacturer, asset.model].filter(Boolean).join(' ') || asset.asset_type;
}

function identifiers(asset: ExpiringWarranty): string {
  return [asset.serial_number, asset.asset_tag].filter(Boolean).join(' · ') || EMPTY;
}

/** Sooner is louder: a week or less is red, a month or less amber. */
function urgency(days: number): 'error' | 'warning' | undefined {
  if (days <= 7) return 'error';
  if (days <= 30) return 'warning';
  return undefined;
}

function WarrantyRow({ asset, now }: { asset: ExpiringWarranty; now: Date }) {
  const expiry = asset.warranty_expiry ?? '';
  const days = daysUntil(expiry, now);
  return (
    <Tr>
      <Td data-label="Asset">
        {/* Two lines, and two words when read out: Amplify's span.amplify-text would run them together. */}
        <div>
          <span className="warranty-table__name">{assetName(asset)}</span>{' '}
          <span className="warranty-table__type">{asset.asset_type}</span>
        </div>
      </Td>
      <Td data-label="Serial / Tag" className="warranty-table__ids">
        {identifiers(asset)}
      </Td>
      <Td data-label="Assigned to">{asset.assigned_to ?? EMPTY}</Td>
      <Td data-label="Warranty expiry">
        <span className="warranty-table__expiry">
          <time dateTime={expiry}>{formatCalendarDate(expiry)}</time>
          <SmallBadge variation={urgency(days)}>{relativeDays(days)}</SmallBadge>
        </span>
      </Td>
    </Tr>
  );
}

interface ExpiringWarrantiesProps {
  /** Undefined while loading. */
  warranties: readonly ExpiringWarranty[] | undefined;
  /** More warranties end in the window than are listed. */
  more: boolean;
}

export function ExpiringWarranties({ warranties, more }: ExpiringWarrantiesProps) {
  const headingId = useId();
  const now = new Date();
  const title = `Warranties expiring in the next ${WARRANTY_WINDOW_DAYS} days`;
  return (
    <OutlinedCard aria-labelledby={headingId} className="dashboard-panel dashboard-panel--wide">
      <Heading level={3} id={headingId} className="dashboard-panel__title">
        {title}
      </Heading>
      {warranties === undefined ? (
        <div className="dashboard-panel__skeleton">
          <SkeletonBar height="1.5rem" />
          <SkeletonBar height="1.5rem" />
          <SkeletonBar height="1.5rem" />
        </div>
      ) : warranties.length === 0 ? (
        <Text color="secondary">No warranties expire in the next {WARRANTY_WINDOW_DAYS} days</Text>
      ) : (
        <>
          <Table
            className="responsive-table warranty-table"
            aria-labelledby={headingId}
            header={<ColumnHeaders labels={['Asset', 'Serial / Tag', 'Assigned to', 'Warranty expiry']} />}
          >
            {warranties.map((asset) => (
              <WarrantyRow key={asset.id} asset={asset} now={now} />
            ))}
          </Table>
          {more ? (
            <Text fontSize="small" color="secondary" marginTop="small">
              Showing the {warranties.length} soonest
            </Text>
          ) : null}
        </>
      )}
    </OutlinedCard>
  );
}
