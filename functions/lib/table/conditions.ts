/** The placeholders of one command's expressions: each attribute name and value once. */
export class Expression {
  private readonly names: Record<string, string> = {};
  private readonly values: Record<string, unknown> = {};

  name(attribute: string): string {
    // A placeholder is # and word characters: other names (a version counter, v#1.2.3) get a number.
    const placeholder = /^\w+$/.test(attribute)
      ? `#${attribute}`
      : (Object.entries(this.names).find(([, name]) => name === attribute)?.[0] ??
        `#_n${Object.keys(this.names).length}`);
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** DynamoDB refuses empty maps, so a map without entries is left out. */
  attributes(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** A condition or filter, written against a command's placeholders. */
export type Condition = (expression: Expression) => string;

export const equals =
  (attribute: string, value: unknown): Condition =>
  (e) =>
    `${e.name(attribute)} = ${e.value(value)}`;

export const lessThan =
  (attribute: string, value: unknown): Condition =>
  (e) =>
    `${e.name(attribute)} < ${e.value(value)}`;

export const greaterThan =
  (attribute: string, value: unknown): Condition =>
  (e) =>
    `${e.name(attribute)} > ${e.value(value)}`;

export const absent =
  (attribute: string): Condition =>
  (e) =>
    `attribute_not_exists(${e.name(attribute)})`;

export const present =
  (attribute: string): Condition =>
  (e) =>
    `attribute_exists(${e.name(attribute)})`;

export const contains =
  (attribute: string, value: string): Condition =>
  (e) =>
    `contains(${e.name(attribute)}, ${e.value(value)})`;

export const allOf =
  (...conditions: Condition[]): Condition =>
  (e) =>
    conditions.map((condition) => condition(e)).join(' AND ');

export const anyOf =
  (...conditions: Condition[]): Condition =>
  (e) =>
    `(${conditions.map((condition) => condition(e)).join(' OR ')})`;
