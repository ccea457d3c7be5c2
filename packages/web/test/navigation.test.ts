import { describe, expect, it } from 'vitest';
import { loginHref, returnPath } from '../src/lib/navigation';

describe('the address the login page goes back to', () => {
  it('is a back-office page of this site, with its query', () => {
    expect(returnPath('/managementSystem/land')).toBe('/managementSystem/land');
    expect(returnPath('/managementSystem/jdManagement?jdname=%E6%B1%9F&pageNo=2')).toBe('/managementSystem/jdManagement?jdname=%E6%B1%9F&pageNo=2');
    expect(returnPath('/managementSystem')).toBe('/managementSystem');
  });

  it('is never another site, another part of this one, or a path that only starts alike', () => {
    for (const bad of [
      null,
      '',
      '//evil.example/managementSystem/land',
      'https://evil.example/managementSystem/land',
      '/\\evil.example/managementSystem',
      '/managementSystem\\..\\..\\login',
      '/managementSystemX',
      '/managementSystem/../index',
      '/index',
      'managementSystem/land',
    ]) {
      expect(returnPath(bad), String(bad)).toBeNull();
    }
  });

  it('rides on /login as one encoded parameter', () => {
    expect(loginHref('/managementSystem/land?dkmc=a&b=1')).toBe('/login?redirect=%2FmanagementSystem%2Fland%3Fdkmc%3Da%26b%3D1');
    expect(loginHref('/index')).toBe('/login');
    expect(loginHref(undefined)).toBe('/login');
  });
});
