import { describe, expect, it } from 'vitest';
import { countdownText, sessionEnd } from '../src/features/auth/session-end';

const seen = Date.parse('2026-11-29T08:00:00Z');

describe('when the back office reckons a staff session ends', () => {
  it('is a minute before the idle limit after the last answered call (the server notes use once a minute)', () => {
    const end = sessionEnd({ idleMinutes: 30, expiresAt: '2026-11-29T20:00:00Z' }, seen);
    expect(end).toEqual({ at: seen + 29 * 60_000, idle: true });
  });

  it('is the absolute end when that comes first, which 继续使用 cannot move', () => {
    expect(sessionEnd({ idleMinutes: 30, expiresAt: '2026-11-29T08:10:00Z' }, seen)).toEqual({ at: Date.parse('2026-11-29T08:10:00Z'), idle: false });
  });

  it('is unknown for a session saved before the server said its limits', () => {
    expect(sessionEnd({ idleMinutes: 0, expiresAt: '' }, seen)).toBeNull();
    expect(sessionEnd({ idleMinutes: 30, expiresAt: '' }, 0)).toBeNull();
  });

  it('counts down in minutes and seconds, never below zero', () => {
    expect(countdownText(119_001)).toBe('2:00');
    expect(countdownText(65_000)).toBe('1:05');
    expect(countdownText(400)).toBe('0:01');
    expect(countdownText(-5_000)).toBe('0:00');
  });
});
