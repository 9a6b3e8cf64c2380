import { QUEUE_BOARD_COOKIE, queueBoardCookie } from './queue-board-cookie';

describe('queue board cookie', () => {
  it('is HttpOnly, SameSite=Strict, short-lived and scoped to the board', () => {
    const cookie = queueBoardCookie('abc.def.ghi', { secure: false });
    expect(cookie.split('; ')).toEqual([`${QUEUE_BOARD_COOKIE}=abc.def.ghi`, 'Path=/api/admin/queues', 'Max-Age=900', 'HttpOnly', 'SameSite=Strict']);
    expect(queueBoardCookie('t', { secure: true })).toMatch(/; Secure$/);
    expect(queueBoardCookie('', { secure: true, maxAgeSeconds: 0 })).toContain('Max-Age=0');
  });
});
