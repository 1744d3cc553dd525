import { act, fireEvent, screen } from '@testing-library/react';
import { render } from '../../lib/testing-router';
import { describe, expect, it, vi } from 'vitest';
import PasswordGeneratorTool from './PasswordGeneratorTool';
import { CHARACTER_SETS, type RandomValues } from './password-generator.service';
import type { StrengthEstimate } from './strength';
import type { Estimator } from './strength-estimator';

/** An estimator whose answers the test gives by hand, per password. */
function fakeEstimator() {
  const asked: { password: string; answer: (estimate: StrengthEstimate) => void }[] = [];
  const estimator: Estimator = (password) => new Promise((answer) => asked.push({ password, answer }));
  return { asked, load: () => Promise.resolve(estimator) };
}

const ESTIMATE: StrengthEstimate = {
  score: 0,
  label: 'Too guessable',
  guesses: '3',
  slowHash: 'less than a second',
  fastHash: 'less than a second',
  warning: 'This is a heavily used password.',
  suggestions: ['Add more words that are less common.'],
};

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

  it('opens with the options of its address', () => {
    render(<PasswordGeneratorTool />, { url: '/password-generator?length=20&symbols=0&numbers=x' });
    expect(screen.getByText('Password Length:')).toHaveTextContent('Password Length: 20');
    expect(screen.getByRole('checkbox', { name: /Symbols/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Numbers/ })).toBeChecked();
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

  it('makes a passphrase of EFF words with the chosen separator and capitalisation, and its entropy', async () => {
    const words = [0, 7775, 1, 2]; // abacus, zoom, abdomen, abdominal
    let next = 0;
    const random: RandomValues = (array) => {
      array[0] = words[next++]!;
      return array;
    };
    render(<PasswordGeneratorTool randomValues={random} loadEstimator={fakeEstimator().load} />);
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'passphrase' } });
    expect(screen.queryByRole('slider', { name: /Password Length/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider', { name: /Words/ }), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Separator'), { target: { value: 'space' } });
    fireEvent.change(screen.getByLabelText('Capitalisation'), { target: { value: 'first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Passphrase' }));
    expect(screen.getByLabelText('Passphrase')).toHaveValue('Abacus Zoom Abdomen Abdominal');
    expect(screen.getByText('51.7 bits')).toBeInTheDocument();
    expect(screen.queryByText('Strong')).not.toBeInTheDocument();
  });

  it('estimates the generated password and a typed one with the loaded estimator', async () => {
    const fake = fakeEstimator();
    render(<PasswordGeneratorTool loadEstimator={fake.load} />);
    fireEvent.change(screen.getByLabelText('Password to check'), { target: { value: 'password' } });
    expect(screen.getByLabelText('Password to check')).toHaveAttribute('type', 'password');
    // The estimator loads on first use, then estimates.
    expect(fake.asked).toEqual([]);
    await act(async () => {});
    expect(fake.asked.map((call) => call.password)).toEqual(['password']);
    await act(async () => fake.asked[0]!.answer(ESTIMATE));
    expect(screen.getByText('0 of 4, Too guessable')).toBeInTheDocument();
    expect(screen.getByText('This is a heavily used password.')).toBeInTheDocument();
    expect(screen.getByText(/less than a second against a slow hash/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Password to check'), { target: { value: 'passwords' } });
    expect(screen.queryByText('0 of 4, Too guessable')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Show the password'));
    expect(screen.getByLabelText('Password to check')).toHaveAttribute('type', 'text');

    await act(async () => fireEvent.click(generate()));
    expect(fake.asked.at(-1)!.password).toBe(password());
  });
});
