import type { RouteDefinition } from '../../functions/routes';

/** A well-formed id no item has: a path parameter for a call that must be refused before any read. */
export const SAMPLE_ID = '01JAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * A route's path with each parameter ({name}, and the greedy {name+} of the agent updates' files)
 * given its value, percent-encoded by `encode`: every parameter the one value of `params` when it is
 * text, or each its own. A parameter without a value is the test's mistake, said at once.
 */
export function pathOf(
  route: RouteDefinition,
  params: Record<string, string> | string,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    const value = typeof params === 'string' ? params : params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for {${name}}`);
    return encode(value);
  });
}
