function readToken(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const record = source as Record<string, unknown>;
  for (const key of ['token', 'access_token', 'access'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
  }
  const tokens = record.tokens;
  if (typeof tokens === 'object' && tokens !== null) {
    const access = (tokens as Record<string, unknown>).access;
    if (typeof access === 'string' && access) return access;
  }
  return undefined;
}

/** A token from a registration answer: data.token, data.access_token or data.access (or top level). */
export function pickToken(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  return readToken((answer as Record<string, unknown>).data) ?? readToken(answer);
}
