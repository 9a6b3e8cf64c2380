import { describe, expect, it } from 'vitest';
import { applicationServerKey, deviceLabel } from './device-label';

describe('deviceLabel', () => {
  it('names the browser and the system of common user agents', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on macOS');
    expect(deviceLabel('curl/8.0')).toBe('Browser');
  });
});

describe('applicationServerKey', () => {
  it('decodes URL-safe base64 without padding into the key bytes', () => {
    const key = 'BI7p9fCWg28OOQoBKsrcxkde92qCHRd4zVuwWtUbWyxl5hdWKRMsJ01DtpbIi7E4jNMEWhS8AzPmE44SobCgVDk';
    const bytes = applicationServerKey(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0x04, 0x8e, 0xe9]);
  });
});
