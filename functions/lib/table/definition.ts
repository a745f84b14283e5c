/**
 * The single table's physical shape. The CDK Data stack and the local stack both create the table
 * from this, so the emulator and production cannot drift apart.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
} as const;

export interface GlobalIndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

export const GLOBAL_INDEXES: readonly GlobalIndexDefinition[] = [
  // Cross-item lookups: a user's profile by Cognito sub, and later keys and tokens by hash.
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  // Platform-wide listings for super_admin (all organisations, all users), newest first.
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
];

/** Items with this attribute (epoch seconds) are removed by DynamoDB once it has passed. */
export const TTL_ATTRIBUTE = 'expires_at_ttl';

/** Every key attribute is a string. */
export const KEY_ATTRIBUTES: readonly string[] = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...GLOBAL_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
];
