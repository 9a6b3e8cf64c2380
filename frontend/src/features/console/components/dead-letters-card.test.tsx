// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxDeadLetter } from '@scoreline/contracts/api/console';
import { renderApp } from '@/test/render-app';
import { adminBase, callsTo, makeDeadLetter, makeHealth, signIn, stubApi, type StubAnswer } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

const SCORING = makeDeadLetter(7, { event_id: 4007, event: 'result.recorded', consumer: 'scoring', attempts: 10, last_error: 'fixture 33 has no gameweek' });
const PUSH = makeDeadLetter(8, {
  event_id: 4008,
  event: 'request.created',
  consumer: 'push',
  attempts: 10,
  last_error: 'push endpoint answered 500',
  replayed_at: '2097-08-16T14:02:00Z',
});

/** The health tab with these dead letters (the list asked again after each change); `replay` answers the replay call. */
function healthWith(letters: () => OutboxDeadLetter[], replay?: () => StubAnswer) {
  return stubApi({
    ...adminBase(),
    'GET /api/admin/health/': () => ({ body: { data: makeHealth({ outbox: { ...makeHealth().outbox, dead_letters: letters().length } }) } }),
    'GET /api/admin/outbox/dead-letters/': () => ({ body: { data: letters() } }),
    ...(replay ? { 'POST /api/admin/outbox/dead-letters/7/replay': replay } : {}),
    'GET /api/admin/audit/': () => ({ body: { data: [] } }),
  });
}

const card = async () => (await screen.findByRole('heading', { name: 'Dead letters' })).closest('div.rounded-2xl') as HTMLElement;

describe('operator console: dead letters', () => {
  it('lists each given-up delivery with its event, consumer, attempts, last error and an earlier replay, and counts them', async () => {
    healthWith(() => [SCORING, PUSH]);
    renderApp('/console?tab=health');
    const deadLetters = await card();
    expect(await within(deadLetters).findByText('#4007 result.recorded')).toBeTruthy();
    expect(within(deadLetters).getByText(/^2 deliveries given up after repeated failures/)).toBeTruthy();
    const [first, second] = within(deadLetters).getAllByRole('listitem');
    expect(within(first).getByText('to scoring')).toBeTruthy();
    expect(within(first).getByText('10 attempts')).toBeTruthy();
    expect(within(first).getByText('fixture 33 has no gameweek')).toBeTruthy();
    expect(within(first).queryByText(/Replayed before/)).toBeNull();
    expect(within(second).getByText('#4008 request.created')).toBeTruthy();
    expect(within(second).getByText('to push')).toBeTruthy();
    expect(within(second).getByText(/Replayed before, and failed again since/)).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Replay event #4008 request.created to push' })).toBeTruthy();
  });

  it('replays only once confirmed, then shows it handed over and the list without it', async () => {
    let letters = [SCORING, PUSH];
    const fetchMock = healthWith(
      () => letters,
      () => {
        letters = [PUSH];
        return { body: { message: 'Replayed: the event is handed to its consumer again.', data: letters } };
      },
    );
    renderApp('/console?tab=health');
    const deadLetters = await card();
    fireEvent.click(await within(deadLetters).findByRole('button', { name: 'Replay event #4007 result.recorded to scoring' }));
    expect(
      within(deadLetters).getByText('Hand event #4007 result.recorded to scoring again? Its attempts start from zero; if it still fails, it comes back here.'),
    ).toBeTruthy();
    fireEvent.click(within(deadLetters).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', '/api/admin/outbox/dead-letters/7/replay')).toEqual([]);

    fireEvent.click(within(deadLetters).getByRole('button', { name: 'Replay event #4007 result.recorded to scoring' }));
    fireEvent.click(within(deadLetters).getByRole('button', { name: 'Yes, replay' }));
    expect(await within(deadLetters).findByText('Event #4007 result.recorded is handed to scoring again.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/outbox/dead-letters/7/replay')).toHaveLength(1);
    await waitFor(() => expect(within(deadLetters).queryByText('#4007 result.recorded')).toBeNull());
    expect(within(deadLetters).getByText('#4008 request.created')).toBeTruthy();
    // The outbox's count follows.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/health/').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's reason when a replay is refused, and asks for the list again", async () => {
    let listed = 0;
    const fetchMock = healthWith(
      () => {
        listed++;
        return [SCORING];
      },
      () => ({ status: 409, body: { message: 'Dead letter 7 is not dead any more: it was replayed and is being delivered.' } }),
    );
    renderApp('/console?tab=health');
    const deadLetters = await card();
    fireEvent.click(await within(deadLetters).findByRole('button', { name: 'Replay event #4007 result.recorded to scoring' }));
    fireEvent.click(within(deadLetters).getByRole('button', { name: 'Yes, replay' }));
    expect(await within(deadLetters).findByText('Dead letter 7 is not dead any more: it was replayed and is being delivered.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/outbox/dead-letters/7/replay')).toHaveLength(1);
    await waitFor(() => expect(listed).toBeGreaterThanOrEqual(2));
    // Back to the button, for another try.
    expect(within(deadLetters).getByRole('button', { name: 'Replay event #4007 result.recorded to scoring' })).toBeTruthy();
  });

  it('says so in its own words when the server fails without a reason', async () => {
    healthWith(() => [SCORING], () => ({ status: 503, body: { message: 'Scoreline is briefly unavailable. Please try again in a moment.' } }));
    renderApp('/console?tab=health');
    const deadLetters = await card();
    fireEvent.click(await within(deadLetters).findByRole('button', { name: 'Replay event #4007 result.recorded to scoring' }));
    fireEvent.click(within(deadLetters).getByRole('button', { name: 'Yes, replay' }));
    expect(await within(deadLetters).findByText('Could not replay it. Please try again.')).toBeTruthy();
  });

  it('says when there is none, in the operator’s language', async () => {
    signIn('de');
    healthWith(() => []);
    renderApp('/console?tab=health');
    expect(await screen.findByText('Keine aufgegebene Zustellung.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aufgegebene Zustellungen' })).toBeTruthy();
  });
});
