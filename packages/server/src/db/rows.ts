import type { Kysely } from 'kysely';

// Generic over tables named by definitions (entity tables, DDL run before the typed schema exists).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
export type Row = Record<string, unknown>;
