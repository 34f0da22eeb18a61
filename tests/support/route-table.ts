// Every route of web/routes.ts, nested ones included: the table the fuzzer, the body-cap test and
// the API docs' contract walk.
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routeConfig from '~/routes';

export type { RouteConfigEntry };

const flatten = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

/** Every entry of the route table, each parent before its children. */
export const allRoutes = (): RouteConfigEntry[] => flatten(routeConfig);
