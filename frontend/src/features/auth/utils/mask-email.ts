/**
 * Masks an email for display: the first character, then up to 3 asterisks (one per hidden
 * character), then '@domain'. 'john@example.com' → 'j***@example.com', 'ab@x.com' → 'a*@x.com'.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at >= 0 ? trimmed.slice(0, at) : trimmed;
  const domain = at >= 0 ? trimmed.slice(at) : '';
  if (local.length === 0) return trimmed;
  const hidden = Math.min(3, local.length - 1);
  return `${local[0]}${'*'.repeat(hidden)}${domain}`;
}
