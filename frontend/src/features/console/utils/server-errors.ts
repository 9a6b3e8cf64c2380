import { ApiError, getServerMessage } from '@/lib/api-error';

/**
 * A refused call's messages placed on the form: each field error under the field it names
 * ("extra_time.home" belongs to `extra_time`), the rest as one message for the form. Only a 4xx
 * speaks for itself; a network failure or a 5xx leaves `message` undefined, for the form's own
 * translated "could not save" text.
 */
export function formErrorsOf<F extends string>(error: unknown, fields: readonly F[]): { fields: Partial<Record<F, string>>; message?: string } {
  const placed: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return { fields: placed };
  for (const [key, messages] of Object.entries(error.body?.errors ?? {})) {
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    const first = (Array.isArray(messages) ? messages : [messages]).find((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (field && first && placed[field] === undefined) placed[field] = first;
  }
  if (Object.keys(placed).length > 0) return { fields: placed };
  return { fields: placed, message: getServerMessage(error) ?? error.message };
}
