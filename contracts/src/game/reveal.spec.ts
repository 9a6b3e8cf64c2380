import { picksRevealed } from './reveal';

const NOW = Date.parse('2026-03-14T15:00:00Z');

describe('picksRevealed', () => {
  it('hides an open gameweek before its deadline', () => {
    expect(picksRevealed({ status: 'current', deadline: '2026-03-14T15:00:01Z', is_open: true }, NOW)).toBe(false);
  });

  it('reveals at the deadline instant and after it', () => {
    expect(picksRevealed({ status: 'current', deadline: '2026-03-14T15:00:00Z', is_open: true }, NOW)).toBe(true);
    expect(picksRevealed({ status: 'current', deadline: '2026-03-14T14:00:00Z', is_open: false }, NOW)).toBe(true);
  });

  it('reveals a current gameweek closed early by a recorded score', () => {
    expect(picksRevealed({ status: 'current', deadline: '2026-03-15T15:00:00Z', is_open: false }, NOW)).toBe(true);
  });

  it('keeps an upcoming gameweek hidden until its deadline', () => {
    expect(picksRevealed({ status: 'upcoming', deadline: '2026-03-21T15:00:00Z', is_open: false }, NOW)).toBe(false);
    expect(picksRevealed({ status: 'upcoming', deadline: null, is_open: false }, NOW)).toBe(false);
  });

  it('reveals a completed gameweek', () => {
    expect(picksRevealed({ status: 'completed', deadline: null, is_open: false }, NOW)).toBe(true);
  });
});
