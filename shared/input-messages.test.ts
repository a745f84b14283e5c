import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { inputIssueMessage } from './input-messages';

z.config({ customError: inputIssueMessage });

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('input issue messages', () => {
  const enrolment = z.object({
    machine_id: z.string().min(1).max(10),
    cpu: z.object({ cores: z.number().int() }),
    os_type: z.enum(['Windows', 'Linux']),
    tags: z.array(z.string()).max(1),
    email: z.email(),
  });

  it('names the field of every issue its schema gives no text of', () => {
    expect(messages(enrolment, {})).toEqual([
      'machine_id is required',
      'cpu is required',
      'os_type is required',
      'tags is required',
      'email is required',
    ]);
    expect(
      messages(enrolment, {
        machine_id: '',
        cpu: { cores: 'x' },
        os_type: 'DOS',
        tags: ['a', 'b'],
        email: 'no',
      }),
    ).toEqual([
      'machine_id must not be empty',
      'cpu.cores must be a number',
      'os_type must be one of: Windows, Linux',
      'tags must be at most 1 item',
      'email must be a valid email',
    ]);
    expect(messages(enrolment.shape.machine_id, 'x'.repeat(11))).toEqual(['Must be at most 10 characters']);
  });

  it('leaves a schema’s own message as it is', () => {
    expect(messages(z.object({ name: z.string({ error: 'Asset name is required' }) }), {})).toEqual([
      'Asset name is required',
    ]);
  });
});
