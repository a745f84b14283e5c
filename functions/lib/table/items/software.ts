import { createHash } from 'node:crypto';
import * as z from 'zod';
import { encodeCursor, getEachItem, getItem, listPage, remove, type TableWrite, update } from '../commands';
import { absent, allOf, type Condition, contains, equals, greaterThan } from '../conditions';
import { attributesOf, key, stored } from './stored';

/**
 * The software inventory's two kinds of item (issue 27): a program across the organisation, and a
 * machine's installation of it.
 */

/** The software inventory has a partition of its own: organisation deletion empties it too. */
const softwarePartition = (organizationId: string) => key(`ORG#${organizationId}#SOFTWARE`);

/** 16 base64url characters of SHA-256: a program's name in keys, whatever its length or characters. */
export function programHash(programKey: string): string {
  return createHash('sha256').update(programKey).digest().subarray(0, 12).toString('base64url');
}

/** Where a program's item sorts: by its name, then its hash (names may share their first 200 characters). */
const programSortKey = (programKey: string) => `SWP#${programKey.slice(0, 200)}#${programHash(programKey)}`;

/** Version counters are attributes of their own (DynamoDB's ADD works on top-level attributes only). */
export const VERSION_ATTRIBUTE_PREFIX = 'v#';
export const versionAttribute = (version: string) => `${VERSION_ATTRIBUTE_PREFIX}${version}`;

/**
 * A program across the organisation: how many machines have it, and per version how many (the
 * `v#<version>` counters; a version no machine has any more counts 0). Moved in the same
 * transaction as the installation items below, so the counts are what those items say.
 */
export const softwareProgramItemSchema = z
  .object({
    /** The name as first reported. */
    name: z.string(),
    /** shared/inventory.ts programKey: what searches and matching read. */
    program_key: z.string(),
    machines: z.number(),
  })
  .catchall(z.unknown());
export type SoftwareProgramItem = z.infer<typeof softwareProgramItemSchema>;

/** A program item's versions with their counts, most machines first, none at 0. */
export function programVersions(item: SoftwareProgramItem): { version: string; machines: number }[] {
  return Object.entries(item)
    .filter(
      ([name, count]) => name.startsWith(VERSION_ATTRIBUTE_PREFIX) && typeof count === 'number' && count > 0,
    )
    .map(([name, count]) => ({
      version: name.slice(VERSION_ATTRIBUTE_PREFIX.length),
      machines: count as number,
    }))
    .sort((a, b) => b.machines - a.machines || a.version.localeCompare(b.version));
}

export const softwarePrograms = {
  key: (organizationId: string, programKey: string) => ({
    pk: softwarePartition(organizationId),
    sk: key(programSortKey(programKey)),
  }),
  /** Moves a program's counts (created with its name when absent). */
  addCounts: (organizationId: string, program: { key: string; name: string }, add: Record<string, number>) =>
    update(softwarePrograms.key(organizationId, program.key), {
      set: { program_key: program.key },
      setIfAbsent: { name: program.name },
      add,
    }),
  /** Every program, by name. */
  ofOrganization: (organizationId: string) => ({
    partition: softwarePartition(organizationId),
    sortPrefix: key('SWP#'),
  }),
  get: (organizationId: string, programKey: string): Promise<SoftwareProgramItem | null> =>
    getItem(softwareProgramItemSchema, softwarePrograms.key(organizationId, programKey)),
  /**
   * One read of the programs by name that some machine still has (one no machine has keeps its
   * item at 0 machines), whose key contains every word.
   */
  pageInstalled: (
    organizationId: string,
    { words, cursor, limit }: { words: string[]; cursor: string | null; limit: number },
  ): Promise<{ items: SoftwareProgramItem[]; cursor: string | null }> =>
    listPage(softwareProgramItemSchema, softwarePrograms.ofOrganization(organizationId), {
      cursor,
      limit,
      filter: allOf(greaterThan('machines', 0), ...words.map((word) => contains('program_key', word))),
    }),
  /** The cursor a listing resumes after this program with. */
  cursorAfter: (organizationId: string, programKey: string): string =>
    encodeCursor(softwarePrograms.key(organizationId, programKey)),
};

/**
 * One program on one machine: its version(s) there and since when. "Which machines have program X"
 * is one query of the program's installations, however many programs and machines there are.
 */
export const softwareInstallationItemSchema = z.object({
  name: z.string(),
  program_key: z.string(),
  machine_id: z.string(),
  /** Normalised (shared/inventory.ts versionKey), distinct and sorted; '' for no version. */
  versions: z.array(z.string()),
  since: z.string(),
});
export type SoftwareInstallationItem = z.infer<typeof softwareInstallationItemSchema>;

export const softwareInstallations = {
  key: (organizationId: string, programKey: string, machineId: string) => ({
    pk: softwarePartition(organizationId),
    sk: key(`SWI#${programHash(programKey)}#${machineId}`),
  }),
  item: (organizationId: string, installation: SoftwareInstallationItem) =>
    stored(
      installation,
      softwareInstallations.key(organizationId, installation.program_key, installation.machine_id),
    ),
  ofProgram: (organizationId: string, programKey: string) => ({
    partition: softwarePartition(organizationId),
    sortPrefix: key(`SWI#${programHash(programKey)}#`),
  }),
  /** The partition every software item lives in (organisation deletion). */
  partition: softwarePartition,
  /** The versions of a machine's items of several programs, each in its program's place (null: none). */
  getVersionsOf: async (organizationId: string, machineId: string, programKeys: string[]) => {
    const items = await getEachItem(
      programKeys.map((programKey) => softwareInstallations.key(organizationId, programKey, machineId)),
      { consistent: true, what: 'software installations' },
    );
    return items.map((item) => (item ? installationVersionsSchema.parse(attributesOf(item)).versions : null));
  },
  /**
   * Writes a machine's item of a program (keeping its `since` when it had the program), if its
   * versions are as read (`asRead`, null when it had no item).
   */
  putIfVersionsAsRead: (
    organizationId: string,
    installation: Omit<SoftwareInstallationItem, 'since'>,
    since: string,
    asRead: string[] | null,
  ): TableWrite =>
    update(
      softwareInstallations.key(organizationId, installation.program_key, installation.machine_id),
      { set: { ...installation }, setIfAbsent: { since } },
      installationAsRead(asRead),
    ),
  /** Removes a machine's item of a program, if its versions are as read. */
  removeIfVersionsAsRead: (
    organizationId: string,
    programKey: string,
    machineId: string,
    asRead: string[] | null,
  ): TableWrite =>
    remove(softwareInstallations.key(organizationId, programKey, machineId), installationAsRead(asRead)),
  /** One read of a program's installations, by machine id. */
  pageOfProgram: (
    organizationId: string,
    programKey: string,
    { cursor, limit }: { cursor: string | null; limit: number },
  ): Promise<{ items: SoftwareInstallationItem[]; cursor: string | null }> =>
    listPage(softwareInstallationItemSchema, softwareInstallations.ofProgram(organizationId, programKey), {
      cursor,
      limit,
    }),
  /** The cursor a listing resumes after this installation with. */
  cursorAfter: (organizationId: string, installation: SoftwareInstallationItem): string =>
    encodeCursor(
      softwareInstallations.key(organizationId, installation.program_key, installation.machine_id),
    ),
};

const installationVersionsSchema = softwareInstallationItemSchema.pick({ versions: true });

/** An installation item as read: with these versions, or absent (null). */
function installationAsRead(versions: string[] | null): Condition {
  return versions ? equals('versions', versions) : absent('machine_id');
}
