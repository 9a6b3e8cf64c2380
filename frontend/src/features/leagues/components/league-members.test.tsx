// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeLeague, makeMember } from '../testing/fixtures';
import { callsTo, stubApi } from '../testing/stub-api';

const L = '/api/leagues/7';
const TOTAL = 140; // 7 pages of 20

function membersApi() {
  return stubApi({
    [`GET ${L}/`]: () => ({ body: { data: makeLeague() } }),
    [`GET ${L}/members/stats/`]: () => ({ body: { data: { member_stats: { total_members: TOTAL, active_this_week: 150, avg_accuracy: 47, top_performers: 5 } } } }),
    [`GET ${L}/members/enhanced/`]: (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const search = url.searchParams.get('search');
      const total = search ? 1 : TOTAL;
      const pages = Math.ceil(total / size);
      const count = Math.min(size, total - (page - 1) * size);
      const members = Array.from({ length: count }, (_, i) => makeMember((page - 1) * size + i + 1));
      return {
        body: {
          data: { members, page, page_size: size, total_count: total, total_pages: pages, has_next: page < pages, has_previous: page > 1 },
        },
      };
    },
  });
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

const pageButtons = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .filter((b) => /^Page /.test(b.getAttribute('aria-label') ?? ''))
    .map((b) => b.textContent);

describe('all members page', () => {
  it('pages 20 members at a time from the server with a window of up to 5 page buttons', async () => {
    const fetchMock = membersApi();
    renderApp('/leagues/7/players');
    expect(await screen.findByText('Office Predictors - All Members', { selector: 'h1' })).toBeTruthy();
    expect(await screen.findByText('Member 20')).toBeTruthy();
    expect(screen.getByText(String(TOTAL))).toBeTruthy();
    expect(callsTo(fetchMock, `${L}/members/enhanced/`)[0].searchParams.get('page_size')).toBe('20');

    const nav = screen.getByLabelText('Member pages');
    expect(pageButtons(nav)).toEqual(['1', '2', '3', '4', '5']);
    expect((within(nav).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('Member 81')).toBeTruthy();
    const middle = screen.getByLabelText('Member pages');
    expect(pageButtons(middle)).toEqual(['3', '4', '5', '6', '7']);
    expect(within(middle).getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Showing 81–100 of 140')).toBeTruthy();

    fireEvent.click(within(middle).getByRole('button', { name: 'Page 7' }));
    expect(await screen.findByText('Member 140')).toBeTruthy();
    const last = screen.getByLabelText('Member pages');
    expect(pageButtons(last)).toEqual(['3', '4', '5', '6', '7']);
    expect((within(last).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('searches on the server from page 1 and hides the pager with a single page', async () => {
    const fetchMock = membersApi();
    renderApp('/leagues/7/players');
    await screen.findByText('Member 20');
    fireEvent.click(within(screen.getByLabelText('Member pages')).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Member 21')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search players'), { target: { value: 'ada' } });
    await waitFor(() => expect(callsTo(fetchMock, `${L}/members/enhanced/`).at(-1)?.searchParams.get('search')).toBe('ada'));
    expect(callsTo(fetchMock, `${L}/members/enhanced/`).at(-1)?.searchParams.get('page')).toBe('1');
    expect(await screen.findByText('Member 1')).toBeTruthy();
    expect(screen.queryByLabelText('Member pages')).toBeNull();
  });
});
