import { BatchWriteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { agentMachines } from '../../functions/lib/table/items/agents';
import {
  softwareInstallations,
  softwarePrograms,
  versionAttribute,
} from '../../functions/lib/table/items/software';
import type { StoredItem } from '../../functions/lib/table/items/stored';
import {
  programKey,
  SOFTWARE_MACHINES_PAGE_SIZE,
  softwareListResponseSchema,
  softwareMachinesResponseSchema,
} from '../../shared/inventory';
import { signUpCompany, type BenchStack, type Company } from './local-stack';
import { heading, millis, number, seconds } from './measures';
import { MEASURED_CALLS, readTimes, type ReadTimes } from './reads';
import type { Figure } from './report';
import { rawTableClient } from './table-commands';

/**
 * The software inventory at 10,000 machines × 150 programs (issue 27): "which machines have
 * program X" (GET /api/software/machines' first page) and the inventory's first page (GET
 * /api/software), for an organisation of 100 machines and one of 10,000, through the gateway.
 *
 * Items are written as the report path leaves them (the item modules' keys and shapes) by a bulk
 * writer. Every machine has every program in the small organisation (15,000 installations). In the
 * large one, 1.5 million installation items are written only when the small seeding's rate says
 * they fit in SEED_BUDGET_MS; otherwise every program item (with its 10,000-machine counters), the
 * measured program's 10,000 installations and as many of the others as fit: the figure's detail
 * says what was written. Neither read touches another program's installations: they are only the
 * partition's bulk.
 */

const SMALL_FLEET = 100;
const LARGE_FLEET = 10_000;
const PROGRAMS = 150;
const MEASURED_PROGRAM = 75;
const VERSIONS = ['1.0.0', '1.1.0', '2.0.0'];
const BATCH = 25;
const WRITERS = 4;
const SEED_BUDGET_MS = 180_000;
const SECTION = `Software inventory at ${number(LARGE_FLEET)} machines × ${PROGRAMS} programs`;

const programName = (index: number) => `Bench Program ${String(index).padStart(3, '0')} (x64)`;
const machineId = (index: number) => `SW-MACHINE-${String(index).padStart(5, '0')}`;
const versionOf = (machine: number, program: number) => VERSIONS[(machine + program) % VERSIONS.length]!;

async function writeAll(raw: DynamoDBClient, items: StoredItem[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < items.length) {
        const batch = items.slice(next, next + BATCH);
        next += BATCH;
        let unprocessed = batch.map((item) => ({ PutRequest: { Item: marshall(item) } }));
        while (unprocessed.length > 0) {
          const answer = await raw.send(
            new BatchWriteItemCommand({ RequestItems: { [process.env.TABLE_NAME!]: unprocessed } }),
          );
          unprocessed = (answer.UnprocessedItems?.[process.env.TABLE_NAME!] ?? []).flatMap((request) =>
            request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
          );
        }
      }
    }),
  );
}

function machineItems(organizationId: string, count: number): StoredItem[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const seen = new Date(now - ((index * 7919) % 1_800_000)).toISOString();
    return agentMachines.item(organizationId, {
      machine_id: machineId(index),
      hostname: `SW-PC-${String(index).padStart(5, '0')}`,
      os_type: 'Windows',
      os_version: 'Windows 11 Pro 23H2',
      sections: {},
      first_seen: seen,
      last_seen: seen,
    });
  });
}

/** A program item with its counters as the installations of every machine would have moved them. */
function programItem(organizationId: string, program: number, machines: number): StoredItem {
  const name = programName(program);
  const counts = Object.fromEntries(
    VERSIONS.map((version, index) => [
      versionAttribute(version),
      Math.floor(machines / VERSIONS.length) + (index < machines % VERSIONS.length ? 1 : 0),
    ]),
  );
  return {
    ...softwarePrograms.key(organizationId, programKey(name)),
    name,
    program_key: programKey(name),
    machines,
    ...counts,
  };
}

function installationItems(organizationId: string, program: number, machines: number): StoredItem[] {
  const name = programName(program);
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  return Array.from({ length: machines }, (_, machine) =>
    softwareInstallations.item(organizationId, {
      name,
      program_key: programKey(name),
      machine_id: machineId(machine),
      versions: [versionOf(machine, program)],
      since,
    }),
  );
}

/** Seeds the small organisation fully; returns its installations' write rate (items per ms). */
async function seedSmall(raw: DynamoDBClient, company: Company): Promise<number> {
  await writeAll(raw, machineItems(company.organizationId, SMALL_FLEET));
  await writeAll(
    raw,
    Array.from({ length: PROGRAMS }, (_, program) =>
      programItem(company.organizationId, program, SMALL_FLEET),
    ),
  );
  const installations = Array.from({ length: PROGRAMS }, (_, program) =>
    installationItems(company.organizationId, program, SMALL_FLEET),
  ).flat();
  const started = performance.now();
  await writeAll(raw, installations);
  const elapsed = performance.now() - started;
  console.log(
    `seeded ${company.name}: ${number(installations.length)} installations in ${seconds(elapsed)} (${number((installations.length / elapsed) * 1000)}/s)`,
  );
  return installations.length / elapsed;
}

/** Seeds the large organisation; says what it wrote. */
async function seedLarge(raw: DynamoDBClient, company: Company, rate: number): Promise<string> {
  const { organizationId } = company;
  const full = LARGE_FLEET * PROGRAMS;
  const estimate = full / rate;
  console.log(`1.5 million installations at that rate: about ${seconds(estimate)}`);
  await writeAll(raw, machineItems(organizationId, LARGE_FLEET));
  await writeAll(
    raw,
    Array.from({ length: PROGRAMS }, (_, program) => programItem(organizationId, program, LARGE_FLEET)),
  );
  const started = performance.now();
  await writeAll(raw, installationItems(organizationId, MEASURED_PROGRAM, LARGE_FLEET));
  let written = LARGE_FLEET;
  let programsFull = 1;
  // The others, a program at a time, while the budget lasts (all of them when it fits).
  for (let program = 0; program < PROGRAMS; program++) {
    if (program === MEASURED_PROGRAM) continue;
    if (performance.now() - started + LARGE_FLEET / rate > SEED_BUDGET_MS) break;
    await writeAll(raw, installationItems(organizationId, program, LARGE_FLEET));
    written += LARGE_FLEET;
    programsFull += 1;
  }
  const elapsed = performance.now() - started;
  const what =
    written === full
      ? `all ${number(full)} installation items`
      : `${number(written)} of ${number(full)} installation items (${programsFull} programs' 10,000 each, the measured one among them; all 1.5 M at ${number(rate * 1000)}/s would take ~${seconds(estimate)}), every program item with 10,000-machine counters`;
  console.log(`seeded ${company.name}: ${what} in ${seconds(elapsed)}`);
  return what;
}

function figure(what: string, [small, large]: ReadTimes[], detail: string): Figure {
  console.log(
    `${what}: ${number(SMALL_FLEET)} machines median ${millis(small!.gateway)}; ${number(LARGE_FLEET)} machines median ${millis(large!.gateway)}`,
  );
  return {
    section: SECTION,
    name: `${what}: ${number(LARGE_FLEET)} ÷ ${number(SMALL_FLEET)} machines`,
    value: large!.gateway / small!.gateway,
    unit: '×',
    budget: { op: '<=', limit: 1.5 },
    detail: `medians of ${MEASURED_CALLS}: ${millis(large!.gateway)} vs ${millis(small!.gateway)}; ${detail}`,
  };
}

export async function measureSoftwareReads(stack: BenchStack): Promise<Figure[]> {
  heading(
    `Seeding: software of ${number(SMALL_FLEET)} machines and of ${number(LARGE_FLEET)}, ${PROGRAMS} programs`,
  );
  const small = await signUpCompany(stack, 'Bench Software Small');
  const large = await signUpCompany(stack, 'Bench Software Large');
  const raw = rawTableClient();
  const rate = await seedSmall(raw, small);
  const seeded = await seedLarge(raw, large, rate);
  raw.destroy();

  heading(`Software reads: ${number(SMALL_FLEET)} machines and ${number(LARGE_FLEET)}`);
  const companies = [small, large];
  const name = encodeURIComponent(programName(MEASURED_PROGRAM));
  const machinesPage = (body: unknown) => {
    const page = softwareMachinesResponseSchema.parse(body);
    if (page.items.length !== Math.min(SOFTWARE_MACHINES_PAGE_SIZE, page.total))
      throw new Error(`A first page of machines should be full: ${page.items.length} of ${page.total}`);
  };
  const programsPage = (body: unknown) => {
    const page = softwareListResponseSchema.parse(body);
    if (page.items.length === 0 || page.total !== PROGRAMS)
      throw new Error(`The inventory's first page should count ${PROGRAMS} programs: ${page.total}`);
  };
  return [
    figure(
      'which machines have program X (first page)',
      await readTimes(stack, companies, `/api/software/machines?name=${name}`, machinesPage),
      seeded,
    ),
    figure(
      'software inventory, first page',
      await readTimes(stack, companies, '/api/software', programsPage),
      seeded,
    ),
  ];
}
