/**
 * The single table's physical shape. The CDK Data stack and the local stack both create the table
 * from this, so the emulator and production cannot drift apart.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
} as const;

export type GlobalIndexName = 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4' | 'gsi5' | 'gsi6' | 'gsi7' | 'gsi8' | 'gsi9';

export interface GlobalIndexDefinition {
  indexName: GlobalIndexName;
  partitionKey: string;
  sortKey: string;
  /**
   * The attributes the index copies besides the keys; every attribute when left out. An index
   * whose copied attributes a write leaves unchanged costs that write nothing (README, Monitoring
   * agents: the fleet's indexes).
   */
  include?: readonly string[];
}

/** What the hardware list's indexes copy besides the keys: the asset's id and what a filter reads. */
export const HARDWARE_LIST_INDEX_INCLUDE = ['id', 'status', 'asset_type', 'location_key', 'search_text'];

export const GLOBAL_INDEXES: readonly GlobalIndexDefinition[] = [
  // Cross-item lookups: a user's profile by Cognito sub, and later keys and tokens by hash.
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  // Platform-wide listings for super_admin (all organisations, all users), newest first.
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  // The fleet by the hour its machines were last seen, and by hostname: a machine item's own
  // partition, only the keys and what a search reads (items/agents.ts, fleetIndexAttributes).
  { indexName: 'gsi3', partitionKey: 'pk', sortKey: 'gsi3sk', include: ['machine_id', 'search_text'] },
  { indexName: 'gsi4', partitionKey: 'pk', sortKey: 'gsi4sk', include: ['machine_id', 'search_text'] },
  // The hardware list's orders by a column (issue 34), one index each: an asset's own partition,
  // sorted by the column's value then the id, copying the id and what the list's filters read
  // (items/hardware.ts, hardwareSortKeys). Status and warranty order by gsi1 and gsi2.
  ...(['gsi5', 'gsi6', 'gsi7', 'gsi8', 'gsi9'] as const).map((indexName) => ({
    indexName,
    partitionKey: 'pk',
    sortKey: `${indexName}sk`,
    include: HARDWARE_LIST_INDEX_INCLUDE,
  })),
];

/** Items with this attribute (epoch seconds) are removed by DynamoDB once it has passed. */
export const TTL_ATTRIBUTE = 'expires_at_ttl';

/** Every key attribute is a string. */
export const KEY_ATTRIBUTES: readonly string[] = [
  ...new Set([
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...GLOBAL_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
  ]),
];
