import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
let lastTime = 0;
let counter = 0;

/**
 * Time-ordered ids (26 chars, Crockford base32 of the millisecond time then random bits), so
 * "order by id" is creation order on both databases and keyset paging needs no extra column.
 */
export function newId(): string {
  let now = Date.now();
  if (now <= lastTime) {
    counter += 1;
    now = lastTime;
  } else {
    counter = 0;
    lastTime = now;
  }
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = ALPHABET[(counter >> 5) % 32] + ALPHABET[counter % 32];
  for (let i = 0; i < 14; i++) rand += ALPHABET[bytes[i] % 32];
  return time + rand;
}
