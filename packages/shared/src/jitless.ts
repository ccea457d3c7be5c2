/**
 * Imported first by the web app. The server's Content-Security-Policy has no 'unsafe-eval', so
 * zod must not compile parsers with `new Function`; without this its probe for that is
 * reported as a policy violation. Must run before any schema is parsed (zod reads it then).
 *
 * zod 4 keeps its configuration (what `z.config()` sets) in `globalThis.__zod_globalConfig`,
 * shared by every copy of zod and created only if absent; setting it here directly keeps zod's
 * code (about 10 KiB compressed) out of the first load of public pages that parse nothing.
 * test/jitless.test.ts checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
