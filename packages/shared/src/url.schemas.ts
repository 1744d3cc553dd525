import { z } from './zod';
import { normalizeHttpUrl } from './urls';

/**
 * The transform of every address field (link target, meta image, cover image): checks the address
 * (normalizeHttpUrl) and hands on its serialised form, which is what is stored and what visitors
 * are sent to. '' is left alone, for the optional fields; `max` caps the serialised form.
 */
export function normalizedHttpUrl(max: number) {
  return (value: string, ctx: z.RefinementCtx<string>): string => {
    if (value === '') return value;
    const result = normalizeHttpUrl(value, max);
    if (result.ok) return result.href;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  };
}
