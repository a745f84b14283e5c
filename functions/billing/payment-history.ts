import { PAYMENT_HISTORY_PAGE_SIZE } from '../../shared/constants';
import type { Payment, PaymentsPage, PaymentsQuery } from '../../shared/billing';
import { payments, type PaymentItem } from '../lib/table/items/billing';
import { readKeyOrderedPage } from '../lib/table/pages';

/** The organisation's payments, as invoice events mirrored them, newest first. */

function toPayment(item: PaymentItem): Payment {
  return {
    id: item.id,
    organisation_id: item.organization_id,
    timestamp: item.timestamp,
    event_type: item.event_type,
    amount: item.amount,
    currency: item.currency,
    status: item.status,
    invoice_url: item.invoice_url ?? null,
  };
}

/** SPEC 7: the organisation's latest payments, newest first, and whether older ones exist. */
export async function listLatestPayments(
  organizationId: string,
): Promise<{ payments: Payment[]; hasMore: boolean }> {
  // One more than shown tells whether there are more, in the same read.
  const { items } = await payments.pageNewestFirst(organizationId, { limit: PAYMENT_HISTORY_PAGE_SIZE + 1 });
  return {
    payments: items.slice(0, PAYMENT_HISTORY_PAGE_SIZE).map(toPayment),
    hasMore: items.length > PAYMENT_HISTORY_PAGE_SIZE,
  };
}

/** Every payment of the organisation, newest first, a page per cursor. */
export async function listPaymentsPage(
  organizationId: string,
  { cursor, limit }: PaymentsQuery,
): Promise<PaymentsPage> {
  const page = await readKeyOrderedPage<PaymentItem>({
    read: async (from, count) => {
      const { items, cursor: next } = await payments.pageNewestFirst(organizationId, {
        cursor: from,
        limit: count,
      });
      return { data: items, cursor: next };
    },
    cursorAfter: (payment) => payments.cursorAfter(payment),
    cursor: cursor ?? null,
    limit,
  });
  return { items: page.items.map(toPayment), next_cursor: page.next_cursor };
}
