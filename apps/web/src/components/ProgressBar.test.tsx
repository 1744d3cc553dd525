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
});
