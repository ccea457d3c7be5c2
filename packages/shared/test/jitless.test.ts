import { describe, expect, it } from 'vitest';

describe('jitless', () => {
  it('makes zod skip compiled parsers (no new Function under the Content-Security-Policy)', async () => {
    await import('../src/jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // And zod still parses as before.
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
  });
});
