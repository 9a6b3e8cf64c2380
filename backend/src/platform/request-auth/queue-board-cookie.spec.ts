import { QUEUE_BOARD_COOKIE, queueBoardCookie, readCookie } from './queue-board-cookie';

describe('queue board cookie', () => {
  it('is HttpOnly, SameSite=Strict, short-lived and scoped to the board', () => {
    const cookie = queueBoardCookie('abc.def.ghi', { secure: false });
    expect(cookie.split('; ')).toEqual([`${QUEUE_BOARD_COOKIE}=abc.def.ghi`, 'Path=/api/admin/queues', 'Max-Age=900', 'HttpOnly', 'SameSite=Strict']);
    expect(queueBoardCookie('t', { secure: true })).toMatch(/; Secure$/);
    expect(queueBoardCookie('', { secure: true, maxAgeSeconds: 0 })).toContain('Max-Age=0');
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie(`a=1; ${QUEUE_BOARD_COOKIE}=tok.en; b=2`, QUEUE_BOARD_COOKIE)).toBe('tok.en');
    expect(readCookie(`x${QUEUE_BOARD_COOKIE}=nope`, QUEUE_BOARD_COOKIE)).toBeNull();
    expect(readCookie(`${QUEUE_BOARD_COOKIE}=`, QUEUE_BOARD_COOKIE)).toBeNull();
    expect(readCookie(undefined, QUEUE_BOARD_COOKIE)).toBeNull();
  });
});
