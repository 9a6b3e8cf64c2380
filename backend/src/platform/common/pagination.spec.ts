import { pageCount, pageOffset, paging } from './pagination';

describe('pagination', () => {
  it('counts pages, an empty list being one empty page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 25)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
  });

  it('says whether there is a page before and after', () => {
    expect(paging(1, 10, 0)).toEqual({ page: 1, page_size: 10, total_count: 0, total_pages: 1, has_next: false, has_previous: false });
    expect(paging(2, 10, 21)).toEqual({ page: 2, page_size: 10, total_count: 21, total_pages: 3, has_next: true, has_previous: true });
    expect(paging(3, 10, 21)).toMatchObject({ has_next: false, has_previous: true });
    // A page past the end has nothing after it.
    expect(paging(9, 10, 21)).toMatchObject({ has_next: false, has_previous: true });
  });
});
