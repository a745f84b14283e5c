import { mkdir, rename, writeFile } from 'node:fs/promises';
import { StormDB, StormDBDataStore } from './cognito-local-seam';

/**
 * cognito-local's data store (one JSON file per user pool, through StormDB), with the file written
 * atomically. StormDB's own engine rewrites the file in place: it truncates it, then writes. A stack
 * killed between the two (kill -9, a laptop losing power) restarts with an empty user pool, every
 * account gone; and two saves at once (two sign-ins) can interleave into a file that no longer
 * parses, so the stack cannot start at all. Here each save goes to a temporary file that is renamed
 * over the old one, one save at a time per file: the file always holds one whole save.
 */
type Json = Record<string, unknown>;
interface TargetContext {
  logger: { debug(...args: unknown[]): void };
}

/** Saves of one file, in the order they were asked for. */
const queues = new Map<string, Promise<void>>();

/** Writes the file whole or not at all, after every earlier write of it. */
export function writeFileAtomically(file: string, text: string): Promise<void> {
  const write = (queues.get(file) ?? Promise.resolve()).then(async () => {
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, file);
  });
  queues.set(
    file,
    write.catch(() => undefined),
  );
  return write;
}

class AtomicFileEngine extends StormDB.localFileEngine {
  override write(data: unknown): Promise<void> {
    // Serialised now: the state may change again before this save's turn comes.
    return writeFileAtomically(this.path, this.serialize(data));
  }
}

// cognito-local's (de)serialisation: Date fields are kept as ISO strings in the file.
function replaceDatesWithISOStrings(this: Json, key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  const date = this[key];
  if (!(date instanceof Date)) throw new Error(`Serialize: expected ${key} to hold a Date`);
  return date.toISOString();
}

function reviveDates(key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  if (typeof value === 'number' || typeof value === 'string') return new Date(value);
  throw new Error(`Deserialize: expected ${key} to hold a string or a number`);
}

/** A drop-in for cognito-local's StormDBDataStoreFactory. */
export class AtomicStormDbDataStoreFactory {
  constructor(private readonly directory: string) {}

  async create(_ctx: TargetContext, id: string, defaults: Json): Promise<unknown> {
    await mkdir(this.directory, { recursive: true });
    const engine = new AtomicFileEngine(`${this.directory}/${id}.json`, {
      async: true,
      serialize: (value) => JSON.stringify(value, replaceDatesWithISOStrings, 2),
      deserialize: (text) => JSON.parse(text, reviveDates) as unknown,
    });
    const db = new StormDB(engine);
    db.default(defaults);
    await db.save();
    return new StormDBDataStore(db);
  }
}
