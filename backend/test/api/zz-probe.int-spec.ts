import { JwtService } from '@nestjs/jwt';
import { startTestSystem, TestSystem } from '../support/test-system';
import { createVerifiedUser } from '../support/factories';

describe('probe', () => {
  let sys: TestSystem;
  beforeAll(async () => { sys = await startTestSystem(); });
  afterAll(async () => { await sys.close(); });
  it('probes', async () => {
    const u = await createVerifiedUser(sys);
    const auth = { Authorization: `Bearer ${u.token}` };
    const show = (label: string, r: { status: number; body: unknown; text: string }) => console.log(label, r.status, r.text.slice(0, 300));
    const deep = '['.repeat(400000) + ']'.repeat(400000);
    show('deep login', await sys.http.post('/api/auth/login/').set('Content-Type', 'application/json').send(`{"email":${deep},"password":"x"}`));
    show('deep complete', await sys.http.post('/api/onboarding/complete/').set(auth).set('Content-Type', 'application/json').send(`{"country_id":${deep},"club_id":1}`));
    show('deep obj', await sys.http.post('/api/onboarding/complete/').set(auth).set('Content-Type', 'application/json').send('{"a":'.repeat(200000) + '1' + '}'.repeat(200000)));
    show('deep skip', await sys.http.post('/api/onboarding/skip/').set(auth).set('Content-Type', 'application/json').send(deep));
    void auth;
  });
});
