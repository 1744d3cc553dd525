import { describe, expect, it } from 'vitest';
import { passwordChoices, passwordField } from './link-password-form';
import { EMPTY_FORM, validateCreateForm, validateUpdateForm, type LinkFormValues } from './shortlink-manager.service';

const FORM: LinkFormValues = { ...EMPTY_FORM, title: 'Docs', targetUrl: 'https://example.com/' };

describe('the link form password', () => {
  it.each([
    ['keep', 'typed', {}],
    ['set', 'open sesame', { password: 'open sesame' }],
    ['set', '', { password: '' }],
    ['remove', 'typed', { password: null }],
  ] as const)('%s with %j sends %j', (action, password, body) => {
    expect(passwordField(action, password)).toEqual(body);
  });

  it('offers keep, change and remove only for a link that has one', () => {
    expect(passwordChoices(false).map((choice) => choice.value)).toEqual(['keep', 'set']);
    expect(passwordChoices(true).map((choice) => choice.value)).toEqual(['keep', 'set', 'remove']);
  });

  it.each([
    ['no password', { passwordAction: 'keep' }, { ok: true }, undefined],
    ['a new one', { passwordAction: 'set', password: 'open sesame' }, { ok: true }, 'open sesame'],
    ['one too short', { passwordAction: 'set', password: 'short' }, { ok: false }, undefined],
    ['an empty one', { passwordAction: 'set', password: '' }, { ok: false }, undefined],
  ] as const)('a create form with %s', (_name, change, outcome, password) => {
    const result = validateCreateForm({ ...FORM, ...change });
    expect(result).toMatchObject(outcome);
    if (result.ok) expect(result.value.password).toBe(password);
    else expect(result.error).toBe('The link password must be at least 8 characters');
  });

  it('an edit form removes with null and keeps by leaving the field out', () => {
    const removed = validateUpdateForm({ ...FORM, hadPassword: true, passwordAction: 'remove', password: 'x' });
    expect(removed.ok && removed.value.password).toBeNull();
    const kept = validateUpdateForm({ ...FORM, hadPassword: true, passwordAction: 'keep' });
    expect(kept.ok && 'password' in kept.value && kept.value.password !== undefined).toBe(false);
  });
});
