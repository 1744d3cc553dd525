import { fireEvent, render, screen } from '@testing-library/react';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { err, ok } from '../lib/result';
import { TextConverter, type TextConversion } from './TextConverter';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const conversions: readonly TextConversion[] = [
  { label: 'Shout', icon: ArrowUpFromLine, done: 'Shouted', convert: (text) => ok(text.toUpperCase()) },
  {
    label: 'Whisper',
    icon: ArrowDownToLine,
    done: 'Whispered',
    convert: (text) => (text === '!' ? err('Nothing to whisper') : ok(text.toLowerCase())),
  },
];

const type = (value: string) => fireEvent.change(screen.getByLabelText('Words'), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('TextConverter', () => {
  it('wires the ids from its prefix and disables the buttons on empty input', () => {
    render(
      <TextConverter id="t" label="Words" placeholder="Say it" rows={4} hint="Any words" conversions={conversions}>
        <p>Extra control</p>
      </TextConverter>,
    );
    const input = screen.getByLabelText('Words');
    expect(input).toHaveAttribute('id', 't-input');
    expect(input).toHaveAttribute('rows', '4');
    expect(input).toHaveAccessibleDescription('Any words');
    expect(screen.getByText('Extra control')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shout' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Whisper' })).toBeDisabled();
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
  });

  it('has no description without a hint', () => {
    render(<TextConverter id="t" label="Words" placeholder="Say it" rows={4} conversions={conversions} />);
    expect(screen.getByLabelText('Words')).not.toHaveAttribute('aria-describedby');
  });

  it('shows the output of a conversion and announces what was done', () => {
    render(<TextConverter id="t" label="Words" placeholder="Say it" rows={4} conversions={conversions} />);
    type('Hi there');
    click('Shout');
    expect(screen.getByLabelText('Output')).toHaveValue('HI THERE');
    expect(screen.getByLabelText('Output')).toHaveAttribute('id', 't-output');
    expect(screen.getByRole('status')).toHaveTextContent('Shouted: the output has 8 characters.');
    click('Whisper');
    expect(screen.getByLabelText('Output')).toHaveValue('hi there');
  });

  it('toasts a failed conversion and hides the stale output', () => {
    render(<TextConverter id="t" label="Words" placeholder="Say it" rows={4} conversions={conversions} />);
    type('a');
    click('Shout');
    expect(screen.getByLabelText('Output')).toHaveValue('A');
    type('!');
    click('Whisper');
    expect(toast.error).toHaveBeenCalledWith('Nothing to whisper');
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
  });
});
