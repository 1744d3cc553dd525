import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, type BadgeTone } from './Badge';

describe('Badge', () => {
  it.each<[BadgeTone, string]>([
    ['emerald', 'bg-emerald-100'],
    ['slate', 'bg-slate-100'],
    ['solid-red', 'bg-red-600'],
  ])('%s is a pill with its own colours', (tone, background) => {
    render(<Badge tone={tone}>Open</Badge>);
    expect(screen.getByText('Open')).toHaveClass('rounded-full', 'ring-inset', background);
  });
});
