import type { IncomingMessage } from 'node:http';
import { allowSocketHandshakeFrom, isAllowedSocketOrigin } from './socket-origin';

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

  it("answers Engine.IO's allowRequest: refused with the reason for a foreign origin, allowed for ours or none", () => {
    const allowRequest = allowSocketHandshakeFrom(allowed);
    const answer = (origin?: string) => {
      let result: [string | null | undefined, boolean] | undefined;
      allowRequest({ headers: origin === undefined ? {} : { origin } } as IncomingMessage, (error, success) => (result = [error, success]));
      return result;
    };
    expect(answer('https://evil.example.net')).toEqual(['origin not allowed', false]);
    expect(answer('null')).toEqual(['origin not allowed', false]);
    expect(answer('https://scoreline.example.com')).toEqual([null, true]);
    expect(answer(undefined)).toEqual([null, true]);
  });
});
