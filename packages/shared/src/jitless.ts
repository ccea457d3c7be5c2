import { z } from 'zod';

/**
 * Imported first by the web app. The server's Content-Security-Policy has no 'unsafe-eval', so
 * zod must not compile parsers with `new Function`; without this its probe for that is
 * reported as a policy violation. Must run before any schema is built (zod reads it then).
 */
z.config({ jitless: true });
