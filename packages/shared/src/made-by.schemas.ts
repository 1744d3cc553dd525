/** The person filter of the link and post lists: a person's id, or `me`. */
import { ME, type PersonFilter } from './made-by';
import { text } from './text.schemas';

/**
 * `?{name}=` of a list: a person's id (a positive whole number; one that names nobody lists nothing)
 * or `me`; '' or absent means everyone.
 */
export function personFilter(name: string) {
  const message = `${name} must be a person's id or ${ME}`;
  return text(message)
    .trim()
    .regex(/^(?:me|[1-9]\d{0,9}|)$/, { error: message })
    .optional()
    .transform((value): PersonFilter | undefined => (value ? (value === ME ? ME : Number(value)) : undefined))
    .meta({ description: `A person's id, or ${ME} for the signed-in caller; absent: everyone` });
}
