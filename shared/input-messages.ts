import type * as z from 'zod';
import { en } from 'zod/v4/locales';

/**
 * The message of an input issue whose schema gives no text of its own, naming the field it is about
 * (issue 34: a missing `machine_id` answered "Invalid input: expected string, received undefined").
 * Given to zod once by each program that parses input (`z.config({ customError })`: the functions'
 * HTTP stack, the web app, the agent), so every shared schema speaks the same way; a schema's own
 * message still wins.
 */
type Issue = z.core.$ZodRawIssue;

const englishMessage = en().localeError;

const ARTICLE_NOUNS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  bigint: 'a whole number',
};

function fieldOf(issue: Issue): string | null {
  const path = issue.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : null;
}

function sizeText(issue: Issue & { origin?: string }, bound: number | bigint): string {
  if (issue.origin === 'string') return `${bound} character${Number(bound) === 1 ? '' : 's'}`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `${bound} item${Number(bound) === 1 ? '' : 's'}`;
  return String(bound);
}

/** What is wrong, without the field's name: "is required", "must be a number". */
function problem(issue: Issue): string | null {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return 'is required';
  }
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${ARTICLE_NOUNS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      return `must be at least ${sizeText(issue, issue.minimum)}`;
    case 'too_big':
      return `must be at most ${sizeText(issue, issue.maximum)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the expected form' : `must be a valid ${issue.format}`;
    default:
      return null;
  }
}

export function inputIssueMessage(issue: Issue): string {
  const field = fieldOf(issue);
  const what = problem(issue);
  if (what) return field ? `${field} ${what}` : `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  const english = englishMessage(issue);
  const message = typeof english === 'string' ? english : (english?.message ?? 'Invalid input');
  return field ? `${field}: ${message}` : message;
}
