import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ulid } from 'ulid';

/** An email the product sent, kept locally instead of being delivered. Never used in AWS. */
export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  body: string;
  sent_at: string;
}

export class Outbox {
  constructor(private readonly dir: string) {}

  async send(email: Omit<OutboxEmail, 'id' | 'sent_at'>): Promise<OutboxEmail> {
    const stored: OutboxEmail = { id: ulid(), sent_at: new Date().toISOString(), ...email };
    await mkdir(this.dir, { recursive: true });
    // Written aside and renamed into place: a stack killed mid-write must not leave a torn .json
    // that breaks the outbox page for good.
    const file = path.join(this.dir, `${stored.id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
    await rename(`${file}.tmp`, file);
    return stored;
  }

  /** Newest first. */
  async list(): Promise<OutboxEmail[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const emails = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .map(async (name) => JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as OutboxEmail),
    );
    return emails;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderOutboxPage(emails: OutboxEmail[]): string {
  const rows = emails
    .map(
      (email) => `<article>
  <header><strong>${escapeHtml(email.subject)}</strong><span>to ${escapeHtml(email.to)} · ${escapeHtml(
    new Date(email.sent_at).toLocaleString('en-GB'),
  )}</span></header>
  <pre>${escapeHtml(email.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local email outbox · IT Asset Auditor</title>
<style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}
header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
header span{color:#6b7280;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit}
</style></head>
<body><h1>Local email outbox</h1>
<p>Emails the local stack would have sent, newest first. This page exists only on a laptop.</p>
${rows || '<p>No emails yet.</p>'}
</body></html>`;
}
