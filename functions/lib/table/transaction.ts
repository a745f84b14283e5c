import { db } from './service';

/** The entities inside a transaction, and one item of it. */
type Service = ReturnType<typeof db>;
export type TransactionEntities = Parameters<Parameters<Service['transaction']['write']>[0]>[0];
export type TransactionItem = ReturnType<ReturnType<TransactionEntities['auditLog']['create']>['commit']>;

export interface Built<P> {
  /** What each item stands for, in the same order, to explain a cancellation. */
  parts: P[];
  items: TransactionItem[];
}

export interface WriteOutcome<P> {
  ok: boolean;
  /** The parts whose condition failed. */
  failed: P[];
}

const CONFLICT_RETRIES = 6;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs one transaction. Conflicts with a concurrent transaction on the same item are retried with
 * backoff; failed conditions are reported as the parts they belong to.
 */
export async function write<P>(build: (entities: TransactionEntities) => Built<P>): Promise<WriteOutcome<P>> {
  for (let attempt = 0; ; attempt++) {
    let parts: P[] = [];
    const { canceled, data } = await db()
      .transaction.write((entities) => {
        const built = build(entities);
        parts = built.parts;
        return built.items;
      })
      .go();
    if (!canceled) return { ok: true, failed: [] };
    const codes = (data as { code: string }[]).map((result) => result.code);
    const failed = parts.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
    if (failed.length > 0) return { ok: false, failed };
    if (!codes.includes('TransactionConflict') || attempt >= CONFLICT_RETRIES) {
      throw new Error(`DynamoDB cancelled the transaction: ${codes.join(', ')}`);
    }
    await sleep(20 * 2 ** attempt * (0.5 + Math.random()));
  }
}
