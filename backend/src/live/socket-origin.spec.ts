import { isAllowedSocketOrigin } from './socket-origin';

describe('socket handshake origin', () => {
  const allowed = ['https://scoreline.example.com', 'http://localhost:5173'];

  it("lets in the app's own origins, in any letter case", () => {
    expect(isAllowedSocketOrigin('https://scoreline.example.com', allowed)).toBe(true);
    expect(isAllowedSocketOrigin('HTTPS://Scoreline.example.com', allowed)).toBe(true);
    expect(isAllowedSocketOrigin('http://localhost:5173', allowed)).toBe(true);
  });

  it('refuses another site, another scheme or port, the opaque "null" origin and repeated headers', () => {
    expect(isAllowedSocketOrigin('https://evil.example.net', allowed)).toBe(false);
    expect(isAllowedSocketOrigin('http://scoreline.example.com', allowed)).toBe(false);
    expect(isAllowedSocketOrigin('https://scoreline.example.com:8443', allowed)).toBe(false);
    expect(isAllowedSocketOrigin('https://scoreline.example.com.evil.net', allowed)).toBe(false);
    expect(isAllowedSocketOrigin('null', allowed)).toBe(false);
    expect(isAllowedSocketOrigin('', allowed)).toBe(false);
    expect(isAllowedSocketOrigin(['https://scoreline.example.com'], allowed)).toBe(false);
  });

  it('lets a client without an Origin header through (browsers always send one)', () => {
    expect(isAllowedSocketOrigin(undefined, allowed)).toBe(true);
  });
});
