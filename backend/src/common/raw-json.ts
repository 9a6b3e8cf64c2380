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
