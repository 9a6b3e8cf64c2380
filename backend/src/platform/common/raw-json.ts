import { createHash } from 'node:crypto';

/**
 * A value kept as its JSON text, so that a cached part of a large answer is serialized once
 * rather than on every request; `T` is what the text encodes, so a cached part can only stand
 * where that type belongs. Built only by `of` and `array`, which keep text and type in step.
 */
export class RawJson<T> {
  /** Never set: it only ties the text to the type it encodes. */
  declare private readonly encodes?: T;

  private constructor(readonly text: string) {}

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
  return write(value) ?? 'null';
}

/**
 * The bytes of an answer `{"data":{…}}` up to the value of its last field, the one field that is
 * each request's own (the caller's row): kept while the versions of its parts hold, so that a
 * request serializes, encodes and hashes only its own field, not the ~40 kB around it.
 */
export class AnswerHead<T extends object, K extends keyof T & string> {
  /** Never set: it only ties the head to the answer it begins. */
  declare private readonly begins?: [T, K];

  private constructor(
    readonly bytes: Buffer,
    /** A digest of the bytes: what stands for them in an answer's ETag. */
    readonly digest: string,
  ) {}

  /** The head of `{"data":{...data, [ownField]: …}}`, written as stringifyWithRaw writes it. */
  static of<T extends object, K extends keyof T & string>(data: WithRawJson<Omit<T, K>>, ownField: K): AnswerHead<T, K> {
    const whole = stringifyWithRaw<{ data: Omit<T, K> }>({ data });
    // `{"data":{…}}` less its closing braces, then the own field's name: a comma unless data is empty.
    const head = `${whole.slice(0, -2)}${whole.endsWith('{}}') ? '' : ','}${JSON.stringify(ownField)}:`;
    return new AnswerHead<T, K>(Buffer.from(head), sha1(head));
  }

  /**
   * The whole answer with the request's own field, and a weak ETag for it. The tag hashes the
   * head's digest, NUL, and the own part's text (JSON text never holds a raw NUL; a digest has a
   * fixed length): two answers with one tag have one text, so a 304 is never wrong.
   */
  complete(own: T[K]): { body: Buffer; etag: string } {
    const tail = `${JSON.stringify(own) ?? 'null'}}}`;
    return { body: Buffer.concat([this.bytes, Buffer.from(tail)]), etag: `W/"${sha1(`${this.digest}\u0000${tail}`)}"` };
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** The JSON of the value, each raw part as its text. */
function write(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value)) {
    const fields: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      const text = write(item);
      // As JSON.stringify: an undefined (or function) property is left out.
      if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}
