import { describe, expect, it } from 'vitest';
import { FAQ_ENTRIES, searchFaq } from './faq-entries';

describe('searchFaq', () => {
  it('returns everything for an empty query', () => {
    expect(searchFaq(FAQ_ENTRIES, '  ')).toHaveLength(FAQ_ENTRIES.length);
  });

  it('matches every word, case-insensitively, in questions and answers', () => {
    const ids = searchFaq(FAQ_ENTRIES, 'BANKER doubles').map((e) => e.id);
    expect(ids).toContain('banker');
    expect(searchFaq(FAQ_ENTRIES, 'postponed void').map((e) => e.id)).toContain('postponed');
  });

  it('finds list items such as the points table', () => {
    expect(searchFaq(FAQ_ENTRIES, 'exact score draw 30').map((e) => e.id)).toContain('points');
  });

  it('states the tie-breakers of every table', () => {
    expect(searchFaq(FAQ_ENTRIES, 'exact scores correct results share').map((e) => e.id)).toContain('tie-breakers');
  });

  it('says how knockouts and bonus questions score', () => {
    expect(searchFaq(FAQ_ENTRIES, 'extra time penalties 90 minutes').map((e) => e.id)).toContain('knockouts');
    expect(searchFaq(FAQ_ENTRIES, 'top scorer champion').map((e) => e.id)).toContain('bonus');
  });

  it('says how several competitions are played side by side', () => {
    expect(searchFaq(FAQ_ENTRIES, 'several competitions switcher').map((e) => e.id)).toContain('competitions');
  });

  it('returns nothing when no entry matches', () => {
    expect(searchFaq(FAQ_ENTRIES, 'offside trap')).toHaveLength(0);
  });
});
