/** One changed value of an audited action, both sides as compact JSON ('' key: the whole value). */
export interface AuditChange {
  key: string;
  /** null: the value was not there. */
  before: string | null;
  after: string | null;
}

const MAX_VALUE_LENGTH = 160;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Compact JSON, cut to a readable length; null for no value. */
export function compactJson(value: unknown): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/**
 * What an operator action changed: for two objects, only the keys whose values differ (in the
 * order they first appear, before's keys then after's new ones); otherwise the whole value when it
 * changed. Nested values are compared and shown whole, as compact JSON.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => ({ key, before: compactJson(before[key]), after: compactJson(after[key]) }));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ key: '', before: before === null ? null : compactJson(before), after: after === null ? null : compactJson(after) }];
}
