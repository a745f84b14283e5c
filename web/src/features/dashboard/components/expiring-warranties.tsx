import {
  Badge,
  Card,
  Heading,
  Placeholder,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { ExpiringWarranty } from '@shared/api';
import { WARRANTY_WINDOW_DAYS } from '@shared/hardware';
import { ColumnHeaders } from '../../../components/column-headers';
import { daysUntil, formatCalendarDate, relativeDays } from './dates';
import '../../../components/data-table.css';

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
    <TableRow>
      <TableCell data-label="Asset">
        {/* Two lines, and two words when read out: Amplify's span.amplify-text would run them together. */}
        <div>
          <span className="warranty-table__name">{assetName(asset)}</span>{' '}
          <span className="warranty-table__type">{asset.asset_type}</span>
        </div>
      </TableCell>
      <TableCell data-label="Serial / Tag" className="warranty-table__ids">
        {identifiers(asset)}
      </TableCell>
      <TableCell data-label="Assigned to">{asset.assigned_to ?? EMPTY}</TableCell>
      <TableCell data-label="Warranty expiry">
        <span className="warranty-table__expiry">
          <time dateTime={expiry}>{formatCalendarDate(expiry)}</time>
          <Badge size="small" variation={urgency(days)}>
            {relativeDays(days)}
          </Badge>
        </span>
      </TableCell>
    </TableRow>
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
    <Card
      as="section"
      variation="outlined"
      aria-labelledby={headingId}
      className="dashboard-panel dashboard-panel--wide"
    >
      <Heading level={3} id={headingId} className="dashboard-panel__title">
        {title}
      </Heading>
      {warranties === undefined ? (
        <div className="dashboard-panel__skeleton">
          <Placeholder height="1.5rem" />
          <Placeholder height="1.5rem" />
          <Placeholder height="1.5rem" />
        </div>
      ) : warranties.length === 0 ? (
        <Text color="font.secondary">No warranties expire in the next {WARRANTY_WINDOW_DAYS} days</Text>
      ) : (
        <>
          <Table size="small" className="responsive-table warranty-table" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <ColumnHeaders labels={['Asset', 'Serial / Tag', 'Assigned to', 'Warranty expiry']} />
              </TableRow>
            </TableHead>
            <TableBody>
              {warranties.map((asset) => (
                <WarrantyRow key={asset.id} asset={asset} now={now} />
              ))}
            </TableBody>
          </Table>
          {more ? (
            <Text fontSize="small" color="font.secondary" marginTop="small">
              Showing the {warranties.length} soonest
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}
