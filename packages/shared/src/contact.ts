import { z } from './zod';

/** Length caps for the contact form; the spec shows none, so these are ours (DECISIONS P2). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Contact form (spec 001 §3): name, email, subject, message — all required. */
export const ZContactMessage = z.object({
  name: requiredText('Name', CONTACT_LIMITS.name),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(CONTACT_LIMITS.email, { error: `Email must be at most ${CONTACT_LIMITS.email} characters` })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: requiredText('Subject', CONTACT_LIMITS.subject),
  message: requiredText('Message', CONTACT_LIMITS.message),
});
export type ContactMessageInput = z.infer<typeof ZContactMessage>;

export interface ContactMessage extends ContactMessageInput {
  id: number;
  createdAt: string;
}
