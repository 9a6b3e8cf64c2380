/** Initials shown where the spec has an avatar: "Alex Morgan" → "AM". */
export function initials(firstName: string, lastName: string): string {
  const text = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return text || '?';
}
