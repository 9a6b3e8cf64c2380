import type { TestSystem } from './test-system';

let counter = 0;

export interface TestUserInput {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

/** A unique, valid sign-up payload; override any field. */
export function newUserInput(overrides: Partial<TestUserInput> = {}): TestUserInput {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `fan_${tag}`,
    email: `fan_${tag}@example.com`,
    first_name: 'Alex',
    last_name: 'Morgan',
    password: 'correct-horse-1',
    ...overrides,
  };
}

/** Register through the API and verify with the code from the real email. */
export async function createVerifiedUser(sys: TestSystem, overrides: Partial<TestUserInput> = {}): Promise<TestUserInput & { token: string; id: number }> {
  const input = newUserInput(overrides);
  await sys.http
    .post('/api/auth/register/')
    .send({ ...input, password_confirm: input.password })
    .expect(201);
  const code = await sys.smtp.waitForCode(input.email);
  await sys.http.post('/api/auth/verify-otp/').send({ email: input.email, otp_code: code, purpose: 'email_verification' }).expect(200);
  const login = await sys.http.post('/api/auth/login/').send({ email: input.email, password: input.password }).expect(200);
  return { ...input, token: login.body.data.tokens.access, id: login.body.data.user.id };
}
