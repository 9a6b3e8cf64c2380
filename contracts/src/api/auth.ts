export type OtpPurpose = 'email_verification' | 'password_reset';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  tokens: { access: string };
  user: AuthProfile;
}

export interface RegisterRequest {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirm: string;
}

export interface RegisterResponse {
  message: string;
  data: { email: string; username: string };
}

export interface AuthProfile {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  completed_onboarding: boolean;
}

export interface UpdateProfileRequest {
  first_name: string;
  last_name: string;
}

export interface VerifyOtpRequest {
  email: string;
  otp_code: string;
  purpose: OtpPurpose;
}

export interface ResendOtpRequest {
  email: string;
  purpose: OtpPurpose;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  otp_code: string;
  new_password: string;
  new_password_confirm: string;
}

export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
  new_password_confirm: string;
}

/** change-password answers a fresh token: earlier tokens stop working, this session goes on. */
export interface ChangePasswordResponse {
  message: string;
  data: { tokens: { access: string } };
}

/** POST /auth/refresh/: the refresh token travels in an HttpOnly cookie, the new access token in the answer. */
export interface RefreshResponse {
  tokens: { access: string };
}

/**
 * `detail` of the 403 a sign-in with the right password gets while the email is unverified
 * (a fresh code is on its way, unless one was sent in the last minute): show the verify screen.
 */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

/** `detail` of a 401 whose access token has expired: renew it and try again. */
export const TOKEN_EXPIRED = 'token_expired';
