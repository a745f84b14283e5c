import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVITATION_STATUSES, invitationState, isUsableInvitation } from '../../../../shared/invitations';
import { Expression, type Condition } from '../conditions';
import { invitations } from './invitations';

/**
 * Evaluates a condition of comparisons joined by AND on an item, as DynamoDB does for these
 * operators on strings: the table's form of a rule, checked against the rule's predicate.
 */
function holds(condition: Condition, item: Record<string, unknown>): boolean {
  const expression = new Expression();
  const text = condition(expression);
  const { ExpressionAttributeNames: names = {}, ExpressionAttributeValues: values = {} } =
    expression.attributes();
  return text.split(' AND ').every((part) => {
    const match = /^(#\w+) (=|<|>) (:\w+)$/.exec(part);
    if (!match) throw new Error(`Not a comparison this test reads: ${part}`);
    const [, name, operator, value] = match;
    const left = String(item[names[name!]!]);
    const right = String(values[value!]);
    return operator === '=' ? left === right : operator === '<' ? left < right : left > right;
  });
}

describe('a usable invitation', () => {
  const instant = fc.integer({
    min: Date.parse('2020-01-01T00:00:00Z'),
    max: Date.parse('2040-01-01T00:00:00Z'),
  });

  it("is the table's condition exactly where it is the predicate, and valid where both hold (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...INVITATION_STATUSES), instant, instant, (status, expiresMs, nowMs) => {
        const invitation = { status, expires_at: new Date(expiresMs).toISOString() };
        const now = new Date(nowMs);
        const usable = isUsableInvitation(invitation, now);
        expect(holds(invitations.usable(now), invitation)).toBe(usable);
        expect(invitationState(invitation, now) === 'valid').toBe(usable);
        // The text comparison is the time comparison for the ISO times we write.
        if (status === 'pending') expect(usable).toBe(expiresMs > nowMs);
      }),
      { numRuns: 1_000, seed: 20_261_202 },
    );
  });
});
