/**
 * Settings kept in the address's query, so a copied URL reopens a tool as it
 * was set up. Each field is a small parser that reads the query's text and falls
 * back to its default when the value is missing or wrong (a hand-edited or old
 * link never breaks the screen). Only settings go here: input text, keys,
 * passwords and files never do. No React, no DOM, and no zod: every tool page
 * reads its settings at once, and these few rules are not worth loading zod for.
 */

/** A query field: reads the raw text (undefined when absent) and never fails. */
export type UrlField<T> = (raw: string | undefined) => T;
export type UrlShape = Record<string, UrlField<string | number | boolean>>;
export type UrlSettings<S extends UrlShape> = { [K in keyof S]: ReturnType<S[K]> };

const WHOLE = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A finite number within [min, max]; NaN and the infinities (a very long digit string) are not. */
const within = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;

/** The query-field builders every tool uses. */
export const urlField = {
  /** One of `values`. */
  choice<const T extends string>(values: readonly T[], fallback: NoInfer<T>): UrlField<T> {
    const known: readonly string[] = values;
    return (raw) => (raw !== undefined && known.includes(raw) ? (raw as T) : fallback);
  },
  /** A whole number within [min, max] (and on the step's grid from min, when given). */
  integer({
    min,
    max,
    step,
    fallback,
  }: {
    min: number;
    max: number;
    step?: number;
    fallback: number;
  }): UrlField<number> {
    return (raw) => {
      if (raw === undefined || !WHOLE.test(raw)) return fallback;
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || !within(value, min, max)) return fallback;
      return value === fallback || step === undefined || (value - min) % step === 0 ? value : fallback;
    };
  },
  /** A decimal number within [min, max] ("12.5"; no exponents, no "Infinity"). */
  decimal({ min, max, fallback }: { min: number; max: number; fallback: number }): UrlField<number> {
    return (raw) => {
      if (raw === undefined || !DECIMAL.test(raw)) return fallback;
      // + 0 turns "-0" into 0.
      const value = Number(raw) + 0;
      return within(value, min, max) ? value : fallback;
    };
  },
  /** "1" or "0". */
  flag(fallback: boolean): UrlField<boolean> {
    return (raw) => (raw === '1' ? true : raw === '0' ? false : fallback);
  },
  /** A #rrggbb colour, read in any case and kept in lower case. */
  colour(fallback: string): UrlField<string> {
    return (raw) => (raw !== undefined && COLOUR.test(raw) ? raw.toLowerCase() : fallback);
  },
};

/** Each field's value from the query; absent and invalid values become the field's default. */
export function readUrlSettings<S extends UrlShape>(shape: S, params: URLSearchParams): UrlSettings<S> {
  const settings: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) settings[key] = field(params.get(key) ?? undefined);
  return settings as UrlSettings<S>;
}

/** The defaults: what an address without a query shows. */
export function defaultUrlSettings<S extends UrlShape>(shape: S): UrlSettings<S> {
  return readUrlSettings(shape, new URLSearchParams());
}

const toText = (value: string | number | boolean) => (typeof value === 'boolean' ? (value ? '1' : '0') : String(value));

/**
 * A copy of `params` holding `settings`: each field in the shape's order,
 * left out when it is the default (so a plain address stays plain), and any
 * parameter that is not one of the shape's kept as it was.
 */
export function writeUrlSettings<S extends UrlShape>(
  shape: S,
  params: URLSearchParams,
  settings: UrlSettings<S>,
): URLSearchParams {
  const defaults = defaultUrlSettings(shape);
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!(key in shape)) next.append(key, value);
  for (const key of Object.keys(shape)) {
    const value = settings[key] as string | number | boolean;
    if (value !== defaults[key]) next.set(key, toText(value));
  }
  return next;
}
