import { createHash } from 'node:crypto';

/**
 * A value kept as its JSON text, so that a cached part of a large answer is serialized once
 * rather than on every request; `T` is what the text encodes, so a cached part can only stand
 * where that type belongs. Built only by `of` and `array`, which keep text and type in step.
 */
export class RawJson<T> {
  /** Never set: it only ties the text to the type it encodes. */
  declare private readonly encodes?: T;

  private digestOfText?: string;

  private constructor(readonly text: string) {}

  /** A digest of the text, worked out once: what stands for this part in an answer's ETag. */
  get digest(): string {
    return (this.digestOfText ??= sha1(this.text));
  }

  /** The value's JSON, as JSON.stringify writes it. */
  static of<T>(value: T): RawJson<T> {
    return new RawJson<T>(JSON.stringify(value) ?? 'null');
  }

  /** An array of already serialized items. */
  static array<T>(items: readonly RawJson<T>[]): RawJson<T[]> {
    return new RawJson<T[]>(`[${items.map((i) => i.text).join(',')}]`);
  }
}

/** An object (or array) form in which any part may stand as its RawJson. */
export type WithRawJson<T> = RawJson<T> | (T extends readonly (infer I)[] ? WithRawJson<I>[] : T extends object ? { [K in keyof T]: WithRawJson<T[K]> } : T);

/**
 * JSON.stringify, except that a RawJson part is written as its text. Only the plain objects and
 * arrays around the raw parts are walked; any other value goes to JSON.stringify as a whole.
 */
export function stringifyWithRaw<T>(value: WithRawJson<T>): string {
  return write(value, false) ?? 'null';
}

/**
 * The answer's text and a weak ETag for it. Express would hash the whole text (some 40 kB for a
 * grid page) on every request; here a raw part counts by its digest, worked out once while it is
 * cached, so only the request's own parts are hashed. The tag hashes the text with each raw
 * part replaced by NUL, its digest, NUL (JSON text never holds a raw NUL): two answers with one
 * tag have one text, so a 304 is never wrong. (One text cut into other parts may get another
 * tag, which only costs a full answer.)
 */
export function stringifyWithEtag<T>(value: WithRawJson<T>): { text: string; etag: string } {
  return { text: stringifyWithRaw(value), etag: `W/"${sha1(write(value, true) ?? 'null')}"` };
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** The JSON of the value; with `digests`, each raw part written as NUL, its digest, NUL instead. */
function write(value: unknown, digests: boolean): string | undefined {
  if (value instanceof RawJson) return digests ? `\u0000${value.digest}\u0000` : value.text;
  if (Array.isArray(value)) return `[${value.map((item) => write(item, digests) ?? 'null').join(',')}]`;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value)) {
    const fields: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      const text = write(item, digests);
      // As JSON.stringify: an undefined (or function) property is left out.
      if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}
