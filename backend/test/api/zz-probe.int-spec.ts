import { startTestSystem, TestSystem } from '../support/test-system';
jest.setTimeout(60000);
describe('probe', () => {
  let sys: TestSystem;
  beforeAll(async () => { sys = await startTestSystem(); });
  afterAll(async () => { await sys.close(); });
  it('probes', async () => {
    const r = await sys.http.post('/api/auth/login/').set('Content-Type', 'application/json').send('not json');
    console.log(r.status, r.text);
    const router = (sys.api.getHttpAdapter().getInstance() as { router: { stack: { name: string; handle: { length: number } }[] } }).router;
    for (const l of router.stack.slice(-4)) console.log(l.handle.length, l.handle.toString().slice(0, 400));
  });
});
