// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSearchPage } from './use-search-page';

describe('useSearchPage', () => {
  it('keeps a chosen page while the search is the same, however often it renders (a debounced search landing unchanged)', () => {
    const { result, rerender } = renderHook(({ search }) => useSearchPage(search), { initialProps: { search: '' } });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    rerender({ search: '' });
    expect(result.current[0]).toBe(2);
  });

  it('starts a new search at page 1, and keeps a page chosen for it', () => {
    const { result, rerender } = renderHook(({ search }) => useSearchPage(search), { initialProps: { search: '' } });
    act(() => result.current[1](3));
    rerender({ search: 'ben' });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    // Back to the first search: its own page is not remembered, it starts again.
    rerender({ search: '' });
    expect(result.current[0]).toBe(1);
  });
});
