import Papa from 'papaparse';
import type { HardwareAssetType, HardwareStatus } from '../../shared/hardware';
import { parseGigabytes } from '../../shared/hardware-import';

/** Realistic, reproducible hardware rows for the bench: the CSV import's columns, as text. */
export const BENCH_COLUMNS = [
  'asset_type',
  'manufacturer',
  'model',
  'serial_number',
  'asset_tag',
  'purchase_date',
  'warranty_expiry',
  'status',
  'location',
  'assigned_to',
  'ram',
  'storage',
  'os',
] as const;
export type BenchRow = Record<(typeof BENCH_COLUMNS)[number], string>;

interface Product {
  type: HardwareAssetType;
  manufacturer: string;
  model: string;
  serialPrefix: string;
  ram: string[];
  storage: string[];
  os: string[];
  warrantyYears: number;
  personal: boolean;
}

const PRODUCTS: [weight: number, Product][] = [
  [
    30,
    {
      type: 'Laptop',
      manufacturer: 'Dell',
      model: 'Latitude 5440',
      serialPrefix: 'DL',
      ram: ['16 GB', '32 GB'],
      storage: ['512 GB', '1 TB'],
      os: ['Windows 11 Pro'],
      warrantyYears: 3,
      personal: true,
    },
  ],
  [
    20,
    {
      type: 'Laptop',
      manufacturer: 'Lenovo',
      model: 'ThinkPad T14 Gen 4',
      serialPrefix: 'PF',
      ram: ['16 GB', '32 GB'],
      storage: ['512 GB'],
      os: ['Windows 11 Pro', 'Ubuntu 24.04 LTS'],
      warrantyYears: 3,
      personal: true,
    },
  ],
  [
    10,
    {
      type: 'Laptop',
      manufacturer: 'Apple',
      model: 'MacBook Pro 14 M3',
      serialPrefix: 'C02',
      ram: ['18 GB', '36 GB'],
      storage: ['512 GB', '1 TB'],
      os: ['macOS 14 Sonoma'],
      warrantyYears: 1,
      personal: true,
    },
  ],
  [
    15,
    {
      type: 'Desktop',
      manufacturer: 'HP',
      model: 'ProDesk 400 G9',
      serialPrefix: 'CZC',
      ram: ['8 GB', '16 GB'],
      storage: ['256 GB', '512 GB'],
      os: ['Windows 11 Pro', 'Windows 10 Pro'],
      warrantyYears: 3,
      personal: true,
    },
  ],
  [
    8,
    {
      type: 'Monitor',
      manufacturer: 'Dell',
      model: 'P2723DE',
      serialPrefix: 'CN0',
      ram: [''],
      storage: [''],
      os: [''],
      warrantyYears: 3,
      personal: true,
    },
  ],
  [
    6,
    {
      type: 'Phone',
      manufacturer: 'Apple',
      model: 'iPhone 15',
      serialPrefix: 'F4G',
      ram: ['6 GB'],
      storage: ['128 GB', '256 GB'],
      os: ['iOS 17'],
      warrantyYears: 1,
      personal: true,
    },
  ],
  [
    3,
    {
      type: 'Tablet',
      manufacturer: 'Samsung',
      model: 'Galaxy Tab S9',
      serialPrefix: 'R52',
      ram: ['8 GB'],
      storage: ['128 GB'],
      os: ['Android 14'],
      warrantyYears: 2,
      personal: true,
    },
  ],
  [
    3,
    {
      type: 'Server',
      manufacturer: 'Dell',
      model: 'PowerEdge R750',
      serialPrefix: 'SVR',
      ram: ['128 GB', '256 GB'],
      storage: ['4 TB', '8 TB'],
      os: ['Windows Server 2022', 'Red Hat Enterprise Linux 9'],
      warrantyYears: 5,
      personal: false,
    },
  ],
  [
    3,
    {
      type: 'Printer',
      manufacturer: 'HP',
      model: 'LaserJet Pro M404dn',
      serialPrefix: 'PHB',
      ram: [''],
      storage: [''],
      os: [''],
      warrantyYears: 1,
      personal: false,
    },
  ],
  [
    2,
    {
      type: 'Network Device',
      manufacturer: 'Cisco',
      model: 'Catalyst 9200-24P',
      serialPrefix: 'JAE',
      ram: ['4 GB'],
      storage: ['16 GB'],
      os: ['IOS XE 17.9'],
      warrantyYears: 5,
      personal: false,
    },
  ],
];

const STATUSES: [weight: number, HardwareStatus][] = [
  [82, 'Active'],
  [8, 'In Storage'],
  [4, 'In Repair'],
  [6, 'Retired'],
];

const OFFICES = ['London office', 'Manchester office', 'Leeds office', 'Edinburgh office', 'Remote'];
const SERVER_ROOMS = ['Data centre LD5', 'Manchester comms room'];
const FIRST_NAMES = ['Jane', 'Tom', 'Aisha', 'Raj', 'Emma', 'Liam', 'Chloe', 'Oliver', 'Priya', 'Marek'];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Patel',
  'Williams',
  'Brown',
  'Khan',
  'Taylor',
  'Nowak',
  'Evans',
  'Wilson',
];

/** mulberry32: the same rows on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(next: () => number, choices: [number, T][]): T {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let pick = next() * total;
  for (const [weight, value] of choices) {
    pick -= weight;
    if (pick < 0) return value;
  }
  return choices[choices.length - 1]![1];
}

function one<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)]!;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `count` rows bought over the last five years (so some warranties end within the dashboard's 90 days).
 * With identifiers, serial numbers and asset tags are unique within the rows; without, both are empty.
 */
export function generateRows(count: number, options: { identifiers: boolean; seed?: number }): BenchRow[] {
  const next = random(options.seed ?? 20_240_601);
  const today = Date.now();
  return Array.from({ length: count }, (_, index): BenchRow => {
    const product = weighted(next, PRODUCTS);
    const bought = today - Math.floor(next() * 5 * 365) * DAY_MS;
    return {
      asset_type: product.type,
      manufacturer: product.manufacturer,
      model: product.model,
      serial_number: options.identifiers
        ? `${product.serialPrefix}${(index * 7919 + 104_729).toString(36).toUpperCase().padStart(7, '0')}`
        : '',
      asset_tag: options.identifiers ? `IT-${String(index + 1).padStart(6, '0')}` : '',
      purchase_date: isoDay(bought),
      warranty_expiry: isoDay(bought + product.warrantyYears * 365 * DAY_MS),
      status: weighted(next, STATUSES),
      location: product.personal ? one(next, OFFICES) : one(next, SERVER_ROOMS),
      assigned_to: product.personal ? `${one(next, FIRST_NAMES)} ${one(next, LAST_NAMES)}` : '',
      ram: one(next, product.ram),
      storage: one(next, product.storage),
      os: one(next, product.os),
    };
  });
}

/** A CSV part as the web app sends it: the header row, then the rows (Papa.unparse). */
export function toCsv(rows: BenchRow[]): string {
  return Papa.unparse({
    fields: [...BENCH_COLUMNS],
    data: rows.map((row) => BENCH_COLUMNS.map((column) => row[column])),
  });
}

/** The JSON a naive client sends to POST /api/hardware for one row: RAM and storage as GB numbers. */
export function toCreateBody(row: BenchRow): Record<string, unknown> {
  const { ram, storage, ...text } = row;
  const body: Record<string, unknown> = { ram_gb: parseGigabytes(ram), storage_gb: parseGigabytes(storage) };
  for (const [field, value] of Object.entries(text)) if (value !== '') body[field] = value;
  return body;
}
