import { feedUrls, newCalendarToken, tokenOfFeedFile, tokenOfFeedUrl } from './calendar-token';

describe('calendar feed token', () => {
  it('is 256 random bits, URL-safe, different every time', () => {
    const a = newCalendarToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newCalendarToken()).not.toBe(a);
  });

  it('is read back from the feed file name and the URLs, and nothing else passes', () => {
    const token = newCalendarToken();
    const { url, webcal_url } = feedUrls('https://scoreline.example/', token);
    expect(url).toBe(`https://scoreline.example/api/calendar/${token}.ics`);
    expect(webcal_url).toBe(`webcal://scoreline.example/api/calendar/${token}.ics`);
    expect(tokenOfFeedFile(`${token}.ics`)).toBe(token);
    expect(tokenOfFeedUrl(webcal_url)).toBe(token);
    for (const file of [token, `${token}.ical`, `${token.slice(1)}.ics`, `../${token}.ics`, `${token.slice(0, 42)}$.ics`]) expect(tokenOfFeedFile(file)).toBeNull();
  });
});
