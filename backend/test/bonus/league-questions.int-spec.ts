import type { LeagueQuestion, LeagueQuestions } from '@scoreline/contracts/api/bonus';
import { bearer, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

const HOUR = 3600 * 1000;

/**
 * A private league's questions of its own over HTTP on the real system: the owner adds up to five
 * (each field checked, a sixth refused even when two adds race), members answer until the lock,
 * the answers are shown to the league from the lock on, and the owner settles and corrects them.
 */
describe("a private league's own questions", () => {
  let sys: TestSystem;
  let owner: FastUser;
  let member: FastUser;
  let outsider: FastUser;
  let leagueId: number;

  beforeAll(async () => {
    sys = await startTestSystem();
    [owner, member, outsider] = await insertVerifiedUsers(sys, 3, 'lq', { first: 'Quiz', onboarded: true });
    const created = await sys.http.post('/api/leagues/').set(bearer(owner.token)).send({ name: 'Quiz Night', type: 'private' }).expect(201);
    leagueId = created.body.data.id;
    await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, member.id]);
  }, 60_000);

  afterAll(async () => {
    await sys?.close();
  });

  const base = () => `/api/leagues/${leagueId}/questions/`;
  const list = async (user: FastUser): Promise<LeagueQuestions> => (await sys.http.get(base()).set(bearer(user.token)).expect(200)).body.data;
  const add = (body: object, user = owner) => sys.http.post(base()).set(bearer(user.token)).send(body);
  const answer = (id: number, value: unknown, user = member) => sys.http.put(`${base()}${id}/answer/`).set(bearer(user.token)).send({ answer: value });
  const settle = (id: number, value: unknown, user = owner) => sys.http.put(`${base()}${id}/settle/`).set(bearer(user.token)).send({ answer: value });
  const lockIn = (id: number, ms: number) => sys.db.query(`UPDATE league_questions SET locks_at = now() + make_interval(secs => $2::float / 1000) WHERE id = $1`, [id, ms]);
  const later = () => new Date(Date.now() + 24 * HOUR).toISOString();
  const ids: Record<string, number> = {};

  it('lets the owner add text, options and number questions, naming every wrong field', async () => {
    const bad = await add({ text: '  ', kind: 'essay', points: 3, locks_at: '2020-01-01T00:00:00Z' }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['kind', 'locks_at', 'points', 'text']);
    expect((await add({ text: 'Pick', kind: 'options', options: ['Yes', 'yes'], points: 10, locks_at: later() }).expect(400)).body.errors.options).toEqual(['Two options are the same.']);
    expect((await add({ text: 'Pick', kind: 'text', points: 10, locks_at: '2026-02-30T10:00:00Z' }).expect(400)).body.errors.locks_at).toHaveLength(1);
    expect((await add({ text: 'Pick', kind: 'text', points: 10, locks_at: later(), extra: 1 }).expect(400)).body.errors.extra).toHaveLength(1);

    ids.text = (await add({ text: ' Who scores first on Boxing Day? ', kind: 'text', points: 10, locks_at: later() }).expect(201)).body.data.id;
    const options = await add({ text: 'Will Arsenal finish above Chelsea?', kind: 'options', options: ['Yes', 'No'], points: 5, locks_at: later() }).expect(201);
    ids.options = options.body.data.id;
    expect(options.body.data).toMatchObject({ kind: 'options', options: ['Yes', 'No'], points: 5, open: true, revealed: false, answers: null, my_answer: null });
    ids.number = (await add({ text: 'Goals in the derby?', kind: 'number', points: 50, locks_at: later() }).expect(201)).body.data.id;
    expect((await list(owner)).questions.map((q) => q.text)).toEqual(['Who scores first on Boxing Day?', 'Will Arsenal finish above Chelsea?', 'Goals in the derby?']);
  });

  it('is for the owner of a private league only, and hidden from outsiders', async () => {
    await add({ text: 'Mine?', kind: 'text', points: 10, locks_at: later() }, member).expect(403);
    await sys.http.get(base()).set(bearer(outsider.token)).expect(404);
    await answer(ids.text, 'Saka', outsider).expect(404);
    const pub = await sys.http.post('/api/leagues/').set(bearer(owner.token)).send({ name: 'Open Quiz', type: 'public' }).expect(201);
    const refused = await sys.http.post(`/api/leagues/${pub.body.data.id}/questions/`).set(bearer(owner.token)).send({ text: 'Q', kind: 'text', points: 10, locks_at: later() });
    expect(refused.status).toBe(400);
    expect((await list(owner)).can_manage).toBe(true);
    expect((await list(member)).can_manage).toBe(false);
  });

  it('refuses a sixth question, even when the fifth and sixth are added at the same instant', async () => {
    ids.spare = (await add({ text: 'Fourth', kind: 'text', points: 10, locks_at: later() }).expect(201)).body.data.id;
    const [a, b] = await Promise.all([add({ text: 'Fifth', kind: 'text', points: 10, locks_at: later() }), add({ text: 'Fifth', kind: 'text', points: 10, locks_at: later() })]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body.errors.questions).toEqual(['A league has at most 5 questions of its own.']);
    expect((await list(owner)).questions).toHaveLength(5);
    // Removed while open; 404 after.
    await sys.http.delete(`${base()}${ids.spare}/`).set(bearer(owner.token)).expect(200);
    await sys.http.delete(`${base()}${ids.spare}/`).set(bearer(owner.token)).expect(404);
  });

  it('takes members\' answers by the question\'s kind until the lock, each kept to its author', async () => {
    expect((await answer(ids.options, 'YES').expect(200)).body.data.my_answer).toBe('Yes');
    expect((await answer(ids.number, 3).expect(200)).body.data.my_answer).toBe(3);
    expect((await answer(ids.text, '  Bukayo Saka ').expect(200)).body.data.my_answer).toBe('Bukayo Saka');
    await answer(ids.text, 'Cole Palmer', owner).expect(200);
    expect((await answer(ids.options, 'Maybe').expect(400)).body.errors.answer).toEqual(['Choose one of the options.']);
    expect((await answer(ids.number, '3').expect(400)).body.errors.answer).toHaveLength(1);
    expect((await answer(ids.text, 'x'.repeat(101)).expect(400)).body.errors.answer).toHaveLength(1);
    await answer(ids.text, null).expect(400);
    await answer(999999, 'x').expect(404);
    const mine = (await list(owner)).questions.find((q) => q.id === ids.text)!;
    expect(mine).toMatchObject({ my_answer: 'Cole Palmer', answer_count: 2, answers: null, revealed: false });
    await settle(ids.text, 'Saka').expect(409);
  });

  it('locks, shows everyone\'s answers, and scores them once the owner settles; a correction rescores', async () => {
    await lockIn(ids.text, -1000);
    await lockIn(ids.number, -1000);
    await answer(ids.text, 'Too late').expect(409);
    await sys.http.delete(`${base()}${ids.text}/`).set(bearer(owner.token)).expect(409);
    let text = (await list(member)).questions.find((q) => q.id === ids.text)! as LeagueQuestion;
    expect(text).toMatchObject({ revealed: true, open: false, my_points: null, settled_answer: null });
    expect(text.answers!.map((a) => [a.user_id, a.answer, a.points]).sort()).toEqual([[member.id, 'Bukayo Saka', null], [owner.id, 'Cole Palmer', null]].sort());

    await settle(ids.text, 'Bukayo Saka', member).expect(403);
    expect((await settle(ids.text, 'bukayo SAKA').expect(200)).body.data.settled_answer).toBe('bukayo SAKA');
    text = (await list(member)).questions.find((q) => q.id === ids.text)!;
    expect(text.my_points).toBe(10);
    expect(Object.fromEntries(text.answers!.map((a) => [a.user_id, a.points]))).toEqual({ [member.id]: 10, [owner.id]: 0 });

    await settle(ids.number, 3).expect(200);
    expect((await list(member)).questions.find((q) => q.id === ids.number)!.my_points).toBe(50);
    await settle(ids.number, 2).expect(200);
    expect((await list(member)).questions.find((q) => q.id === ids.number)!.my_points).toBe(0);
    expect((await settle(ids.number, 'two').expect(400)).body.errors.answer).toHaveLength(1);
    // Still open: the options question shows no one else's answer.
    expect((await list(owner)).questions.find((q) => q.id === ids.options)).toMatchObject({ revealed: false, answers: null, my_answer: null });
  });
});
