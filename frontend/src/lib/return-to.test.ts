// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { isReturnPath, peekReturnTo, rememberReturnTo, takeReturnTo } from './return-to';

describe('return-to after sign-in', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps an invite path once, then forgets it', () => {
    rememberReturnTo('/join/ABCD2345');
    expect(peekReturnTo()).toBe('/join/ABCD2345');
    expect(takeReturnTo()).toBe('/join/ABCD2345');
    expect(takeReturnTo()).toBeNull();
  });

  it('refuses anything but the invite paths, so no outside address can be planted', () => {
    for (const path of ['https://evil.example/join/A', '//evil.example', '/dashboard', '/join/A/../../x', '/leagues/7']) {
      expect([path, isReturnPath(path)]).toEqual([path, false]);
      rememberReturnTo(path);
      expect(takeReturnTo()).toBeNull();
    }
    expect(isReturnPath('/leagues/7/join')).toBe(true);
    window.sessionStorage.setItem('scoreline.returnTo', JSON.stringify({ path: 'https://evil.example', at: Date.now() }));
    expect(takeReturnTo()).toBeNull();
  });

  it('forgets a path after an hour', () => {
    rememberReturnTo('/leagues/7/join', 0);
    expect(takeReturnTo(60 * 60 * 1000 + 1)).toBeNull();
  });
});
