import { isApiPath, isSignedInRequest, mustNotBeStored, PERMISSIONS_POLICY } from './security-headers';

describe('security headers', () => {
  it('denies the powerful features the app does not use and keeps share and clipboard writes for itself', () => {
    const policy = new Map(PERMISSIONS_POLICY.split(', ').map((d) => d.split('=') as [string, string]));
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'clipboard-read', 'browsing-topics']) {
      expect([feature, policy.get(feature)]).toEqual([feature, '()']);
    }
    expect(policy.get('web-share')).toBe('(self)');
    expect(policy.get('clipboard-write')).toBe('(self)');
    // One directive per feature, each in the header's syntax.
    expect(policy.size).toBe(PERMISSIONS_POLICY.split(', ').length);
    for (const allowlist of policy.values()) expect(allowlist).toMatch(/^\((self)?\)$/);
  });

  it('knows the API paths', () => {
    for (const path of ['/api', '/api/health', '/api/auth/login/']) expect([path, isApiPath(path)]).toEqual([path, true]);
    for (const path of ['/', '/apis', '/assets/index-1.js', '/leagues/7']) expect([path, isApiPath(path)]).toEqual([path, false]);
  });

  it("treats a bearer token, the refresh cookie or the queue board's as signed in, and other cookies not", () => {
    expect(isSignedInRequest({ authorization: 'Bearer abc' })).toBe(true);
    expect(isSignedInRequest({ authorization: 'junk' })).toBe(true);
    expect(isSignedInRequest({ cookie: 'theme=dark; scoreline_refresh=abc' })).toBe(true);
    expect(isSignedInRequest({ cookie: 'scoreline_queue_board=abc' })).toBe(true);
    expect(isSignedInRequest({ cookie: 'theme=dark' })).toBe(false);
    expect(isSignedInRequest({})).toBe(false);
  });

  it('keeps signed-in and cookie-setting API answers out of every cache, and leaves public answers and the frontend alone', () => {
    expect(mustNotBeStored('/api/leagues/', { authorization: 'Bearer abc' }, false)).toBe(true);
    expect(mustNotBeStored('/api/auth/login/', {}, true)).toBe(true);
    expect(mustNotBeStored('/api/health', {}, false)).toBe(false);
    expect(mustNotBeStored('/assets/index-1.js', { authorization: 'Bearer abc' }, false)).toBe(false);
  });
});
