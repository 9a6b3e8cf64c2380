/**
 * Activity age text (spec section 9): 'Just now' under 1 hour, then whole hours under 24,
 * then whole days.
 */
export function timeSince(createdAt: Date, now: Date = new Date()): string {
  const minutes = Math.max(0, now.getTime() - createdAt.getTime()) / 60000;
  if (minutes < 60) return 'Just now';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
