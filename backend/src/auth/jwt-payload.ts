/** What an access token carries. `tv` is the user's token version at issue time. */
export interface JwtPayload {
  sub: number;
  tv: number;
  username: string;
}

/** The signed-in user as guards put it on the request. */
export interface AuthUser {
  id: number;
  username: string;
  role: 'user' | 'admin';
}
