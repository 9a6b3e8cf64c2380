export const CODE_LENGTH = 6;

/** Digits only, at most 6: everything else typed or pasted is dropped. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}
