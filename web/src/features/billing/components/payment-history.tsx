import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Link,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { formatAmount, type Payment } from '@shared/billing';
import { ColumnHeaders } from '../../../components/column-headers';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { usePaymentList } from '../api/list-payments';
import { BILLING_TEXTS, paymentDescription, paymentStatus, paymentTotals } from '../billing-format';
import { formatDateTime } from '../../../components/format';
import '../../../components/data-table.css';

const COLUMNS = ['Date', 'Description', 'Amount', 'Status', 'Invoice'] as const;

function PaymentRow({ payment }: { payment: Payment }) {
  const status = paymentStatus(payment.status);
  return (
    <TableRow data-testid="payment-row">
      <TableCell data-label="Date" className="billing-payments__date">
        <time dateTime={payment.timestamp}>{formatDateTime(payment.timestamp)}</time>
      </TableCell>
      <TableCell data-label="Description">{paymentDescription(payment.event_type)}</TableCell>
      <TableCell data-label="Amount" className="billing-payments__amount">
        {formatAmount(payment.amount, payment.currency)}
      </TableCell>
      <TableCell data-label="Status">
        <Badge size="small" className="status-badge" variation={status.variation}>
          {status.label}
        </Badge>
      </TableCell>
      <TableCell data-label="Invoice">
        {payment.invoice_url ? (
          <Link href={payment.invoice_url} isExternal rel="noopener noreferrer">
            View invoice
          </Link>
        ) : (
          '-'
        )}
      </TableCell>
    </TableRow>
  );
}

/** The latest payments and every payment share one table, so both look alike at every width. */
function PaymentsTable({ payments, labelledBy }: { payments: readonly Payment[]; labelledBy: string }) {
  if (payments.length === 0) {
    return (
      <Text color="font.secondary" data-testid="no-payments">
        {BILLING_TEXTS.noPayments}
      </Text>
    );
  }
  return (
    <Table size="small" className="responsive-table billing-payments__table" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          <ColumnHeaders labels={COLUMNS} />
        </TableRow>
      </TableHead>
      <TableBody>
        {payments.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} />
        ))}
      </TableBody>
    </Table>
  );
}

function plural(count: number): string {
  return `${count.toLocaleString('en-GB')} payment${count === 1 ? '' : 's'}`;
}

/**
 * Every payment of the organisation, 25 a page (GET /api/billing/payments), with Load more while
 * older ones remain, and the totals of those shown.
 */
function AllPayments({ labelledBy }: { labelledBy: string }) {
  const list = usePaymentList(true);
  if (list.isPending) {
    return (
      <Flex role="status" alignItems="center" gap="small" padding="medium" data-testid="payments-loading">
        <Loader aria-hidden="true" />
        <Text>Loading payments...</Text>
      </Flex>
    );
  }
  if (list.isError && !list.data) return <LoadError heading="Could not load the payments" query={list} />;
  const payments = list.data.pages.flatMap((page) => page.items);
  const totals = paymentTotals(payments);
  return (
    <>
      <PaymentsTable payments={payments} labelledBy={labelledBy} />
      {totals.length > 0 ? (
        <Text className="billing-payments__totals" data-testid="payment-totals">
          {list.hasNextPage ? `${plural(payments.length)} shown: ` : `All ${plural(payments.length)}: `}
          {totals.join('; ')}
        </Text>
      ) : null}
      {payments.length > 0 ? (
        <ListFooter
          pager={{
            list,
            filtered: false,
            filling: false,
            settled: !list.isFetchingNextPage,
            loadMore: () => void list.fetchNextPage(),
          }}
          // The totals above say how many are shown.
          showing={null}
        />
      ) : null}
    </>
  );
}

/**
 * Settings → Billing → Payment History: the latest 10 payments, newest first (SPEC 9), and when
 * there are older ones, View all: every payment, a page at a time.
 */
export function PaymentHistory({ latest, hasMore }: { latest: readonly Payment[]; hasMore: boolean }) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  return (
    <Card
      variation="outlined"
      as="section"
      aria-labelledby={headingId}
      className="billing-section billing-payments"
      data-testid="payment-history"
    >
      <Flex
        className="billing-payments__head"
        alignItems="center"
        justifyContent="space-between"
        marginBottom="small"
      >
        <Heading level={3} id={headingId}>
          Payment History
        </Heading>
        {/* One button that changes its label, so the focus stays on it when the view changes. */}
        {hasMore || showAll ? (
          <Button size="small" onClick={() => setShowAll((all) => !all)} data-testid="payments-view-toggle">
            {showAll ? 'Show latest 10' : 'View all'}
          </Button>
        ) : null}
      </Flex>
      {showAll ? (
        <AllPayments labelledBy={headingId} />
      ) : (
        <PaymentsTable payments={latest} labelledBy={headingId} />
      )}
    </Card>
  );
}
