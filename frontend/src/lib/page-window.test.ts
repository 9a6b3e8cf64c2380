import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps 5 buttons centred on the current page, clamped at both ends', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('has nothing to show without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('centres the current page and stops at the ends', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 8)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(8, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(0, 0)).toEqual([]);
  });
});
