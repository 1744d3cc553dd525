import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import PasswordGeneratorTool from './PasswordGeneratorTool';
import { CHARACTER_SETS, type RandomValues } from './password-generator.service';

const slider = () => screen.getByRole('slider', { name: /Password Length/ });
const generate = () => screen.getByRole('button', { name: 'Generate Password' });
const password = () => (screen.getByLabelText('Password') as HTMLInputElement).value;

describe('PasswordGeneratorTool', () => {
  it('starts at length 12 with every class ticked and nothing generated', () => {
    render(<PasswordGeneratorTool />);
    expect(slider()).toHaveValue('12');
    expect(slider()).toHaveAttribute('min', '4');
    expect(slider()).toHaveAttribute('max', '64');
    expect(slider()).toHaveAttribute('step', '1');
    expect(screen.getByText('Password Length:')).toHaveTextContent('Password Length: 12');
    for (const name of ['Uppercase', 'Lowercase', 'Numbers', 'Symbols']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
    }
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('generates a Strong 12-character password with every class and its entropy', () => {
    render(<PasswordGeneratorTool />);
    fireEvent.click(generate());
    expect(password()).toHaveLength(12);
    for (const set of Object.values(CHARACTER_SETS)) expect([...password()].some((c) => set.includes(c))).toBe(true);
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(screen.getByText('77.5 bits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Password generated: 12 characters, Strong, 77.5 bits');
  });

  it.each([
    ['6', 'Weak', 6],
    ['8', 'Medium', 8],
    ['64', 'Strong', 64],
  ])('length %s gives a %s password of that length', (value, strength, length) => {
    render(<PasswordGeneratorTool />);
    fireEvent.change(slider(), { target: { value } });
    expect(screen.getByText('Password Length:')).toHaveTextContent(`Password Length: ${value}`);
    fireEvent.click(generate());
    expect(password()).toHaveLength(length);
    expect(screen.getByText(strength)).toBeInTheDocument();
  });

  it('uses only the ticked classes', () => {
    render(<PasswordGeneratorTool />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Uppercase/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Symbols/ }));
    fireEvent.click(generate());
    expect(password()).toMatch(/^[a-z0-9]{12}$/);
    expect(screen.getByText('62.0 bits')).toBeInTheDocument(); // 12 × log2 36
  });

  it('with no class ticked, says so and generates nothing', () => {
    const randomValues = vi.fn<RandomValues>();
    render(<PasswordGeneratorTool randomValues={randomValues} />);
    for (const name of ['Uppercase', 'Lowercase', 'Numbers', 'Symbols']) {
      fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(name) }));
    }
    expect(generate()).toBeDisabled();
    expect(generate()).toHaveAccessibleDescription('Select at least one character type to generate a password.');
    fireEvent.submit(generate().closest('form')!);
    expect(randomValues).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
