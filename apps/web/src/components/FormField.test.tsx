import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField, TextField } from './FormField';

describe('TextField', () => {
  it.each([
    ['neither hint nor error', {}, null, 'false'],
    ['a hint', { hint: 'Say more' }, 'f-hint', 'false'],
    ['an error', { error: 'Wrong' }, 'f-error', 'true'],
    ['both', { hint: 'Say more', error: 'Wrong' }, 'f-hint f-error', 'true'],
    ['a null error', { error: null }, null, 'false'],
  ])('with %s is described by %j', (_, extra, describedBy, invalid) => {
    render(<TextField id="f" label="Field" value="" onValueChange={() => {}} {...extra} />);
    const input = screen.getByLabelText('Field');
    expect(input.getAttribute('aria-describedby')).toBe(describedBy);
    expect(input.getAttribute('aria-invalid') ?? 'false').toBe(invalid);
    if (describedBy?.includes('f-hint')) expect(input).toHaveAccessibleDescription(/Say more/);
    if (describedBy?.includes('f-error')) expect(input).toHaveAccessibleDescription(/Wrong/);
  });

  it('passes the typed value on, turns autocomplete and spell checking off, and forwards input props and ref', () => {
    const onValueChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(
      <TextField
        id="n"
        label="Count"
        type="number"
        min={1}
        value="3"
        onValueChange={onValueChange}
        ref={ref}
        readOnly
      />,
    );
    const input = screen.getByLabelText('Count');
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    fireEvent.change(input, { target: { value: '7' } });
    expect(onValueChange).toHaveBeenCalledWith('7');
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'a', label: 'Alpha' },
    { value: 'b', label: 'Beta' },
  ] as const;

  it('lists the options by label and passes the chosen value on', () => {
    const onValueChange = vi.fn();
    render(<SelectField id="s" label="Letter" value="a" options={options} onValueChange={onValueChange} />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Alpha', 'Beta']);
    fireEvent.change(screen.getByLabelText('Letter'), { target: { value: 'b' } });
    expect(onValueChange).toHaveBeenCalledWith('b');
  });

  it('can be disabled', () => {
    render(<SelectField id="s" label="Letter" value="a" options={options} onValueChange={() => {}} disabled />);
    expect(screen.getByLabelText('Letter')).toBeDisabled();
  });
});
