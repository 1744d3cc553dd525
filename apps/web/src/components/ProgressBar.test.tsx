import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it.each([
    [0, '', '0', '0%', '0%'],
    [10, '', '10', '10%', '10%'],
    [33.4, ' · 1 s of 3 s', '33', '33% · 1 s of 3 s', '33.4%'],
    [99.6, '', '100', '100%', '99.6%'],
  ])('at %d%j announces %s, shows %j and is %s wide', (value, detail, now, shown, width) => {
    render(<ProgressBar id="p" label="Work progress" value={value} detail={detail} />);
    const bar = screen.getByRole('progressbar', { name: 'Work progress' });
    expect(bar).toHaveAttribute('id', 'p');
    expect(bar).toHaveAttribute('aria-valuenow', now);
    expect(screen.getByText(shown)).toHaveAttribute('aria-hidden', 'true');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe(width);
  });

  it('shows and announces its value in words when given, and makes up its own id', () => {
    render(
      <>
        <ProgressBar label="Text extraction progress" value={42.4} valueText="Recognizing text: 42%" />
        <ProgressBar label="Hashing progress" value={10} />
      </>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Text extraction progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', 'Recognizing text: 42%');
    expect(screen.getByText('Recognizing text: 42%')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('42%')).toBeNull();
    const other = screen.getByRole('progressbar', { name: 'Hashing progress' });
    expect(other).not.toHaveAttribute('aria-valuetext');
    expect(other.id).not.toBe(bar.id);
  });
});
