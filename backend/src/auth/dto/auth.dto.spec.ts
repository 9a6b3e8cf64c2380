import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ForgotPasswordDto, ResendOtpDto, ResetPasswordDto, VerifyOtpDto } from './auth.dto';

/** The messages of each failing field, as the validation pipe would gather them. */
async function problems(dto: new () => object, body: object): Promise<Record<string, string[]>> {
  const errors = await validate(plainToInstance(dto, body));
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}

describe('auth DTOs: the email of an account and the 6-digit code', () => {
  const code = { otp_code: '123456', purpose: 'password_reset', new_password: 'long enough', new_password_confirm: 'long enough' };

  it.each([VerifyOtpDto, ResendOtpDto, ForgotPasswordDto, ResetPasswordDto])('%o takes the email trimmed and in lower case', async (dto) => {
    const instance = plainToInstance(dto, { ...code, email: '  Fan@Example.COM ' }) as { email: string };
    expect(instance.email).toBe('fan@example.com');
    expect(await problems(dto, { ...code, email: 'fan@example.com' })).toEqual({});
  });

  it.each([VerifyOtpDto, ResendOtpDto, ForgotPasswordDto, ResetPasswordDto])('%o refuses a missing, malformed or over-long email', async (dto) => {
    expect((await problems(dto, code)).email).toContain('Email is required.');
    expect((await problems(dto, { ...code, email: 'not-an-email' })).email).toEqual(['Enter a valid email address.']);
    expect((await problems(dto, { ...code, email: `${'a'.repeat(250)}@b.co` })).email).toContain('Email is too long.');
  });

  it('says what a bad code is, in the words of its screen', async () => {
    const email = 'fan@example.com';
    expect((await problems(VerifyOtpDto, { ...code, email, otp_code: '12345' })).otp_code).toEqual(['Please enter a 6-digit verification code.']);
    expect((await problems(ResetPasswordDto, { ...code, email, otp_code: 123456 })).otp_code).toContain('Please enter the 6-digit code from the email.');
  });
});
