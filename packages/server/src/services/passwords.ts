import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum, which isolatedModules cannot read; 2 is its value.
const OPTIONS = { algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('Dummy@Passw0rd');
  await verifyPassword(await dummyHash, password);
}

/** A random password that satisfies the SPEC §5 password rule (16 characters, all four classes). */
export function randomPassword(): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '@$!%*?&'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
