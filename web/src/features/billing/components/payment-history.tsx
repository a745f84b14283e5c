import {
  Badge,
  Card,
  Heading,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useId } from 'react';
import { formatAmount, type Payment } from '../../../../../shared/billing';
import { ColumnHeaders } from '../../../components/column-headers';
import { BILLING_TEXTS, formatDateTime, paymentDescription, paymentStatus } from '../billing-format';

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

/** Settings → Billing → Payment History: the latest 10 payments, newest first (the API limits them). */
export function PaymentHistory({ payments }: { payments: readonly Payment[] }) {
  const headingId = useId();
  return (
    <Card
      variation="outlined"
      as="section"
      aria-labelledby={headingId}
      className="billing-section billing-payments"
      data-testid="payment-history"
    >
      <Heading level={3} id={headingId} marginBottom="small">
        Payment History
      </Heading>
      {payments.length === 0 ? (
        <Text color="font.secondary" data-testid="no-payments">
          {BILLING_TEXTS.noPayments}
        </Text>
      ) : (
        <Table size="small" className="responsive-table billing-payments__table" aria-labelledby={headingId}>
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
      )}
    </Card>
  );
}
