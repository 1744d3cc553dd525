import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { json, refuse, settle, stubApi } from '../../lib/testing-api';
import { getAdminToken } from './admin-session';
import { AdminLoginForm } from './AdminLoginForm';
import { afterLogin } from './LoginPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const signIn = (account: string, password: string) => {
  fireEvent.change(screen.getByLabelText(/^Account/), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('Admin Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

describe('the admin login form', () => {
  it('has an optional Account field above the password, described', () => {
    render(<AdminLoginForm title="Admin Login" headingLevel={1} />);
    const account = screen.getByLabelText('Account (optional)');
    expect(account).toHaveAttribute('autocomplete', 'username');
    expect(account).toHaveAccessibleDescription(/login name or email/);
    expect(account.compareDocumentPosition(screen.getByLabelText('Admin Password'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('signs the Owner in with the password alone, as before', async () => {
    const calls = stubApi({ 'POST /api/admin/login': json({ token: 'owner-token' }) });
    render(<AdminLoginForm title="Admin Login" headingLevel={1} />);
    signIn('', 'the password');
    await settle();
    expect(calls[0]?.body).toEqual({ password: 'the password' });
    expect(getAdminToken()).toBe('owner-token');
    expect(toast.success).toHaveBeenCalledWith('Admin Access Granted');
  });

  it('signs a person in by their account', async () => {
    const calls = stubApi({ 'POST /api/admin/login': json({ token: 'ada-token' }) });
    render(<AdminLoginForm title="Admin Login" headingLevel={1} />);
    signIn(' ada@example.com ', 'her password');
    await settle();
    expect(calls[0]?.body).toEqual({ login: 'ada@example.com', password: 'her password' });
    expect(getAdminToken()).toBe('ada-token');
  });

  it('says the same thing for a wrong password whether or not the account exists', async () => {
    stubApi({ 'POST /api/admin/login': refuse(401, 'INVALID_CREDENTIALS', 'Invalid admin password') });
    render(<AdminLoginForm title="Admin Login" headingLevel={1} />);
    signIn('nobody', 'a guess');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid password');
    expect(toast.error).toHaveBeenCalledWith('Access Denied', { description: 'Invalid admin password' });
    expect(getAdminToken()).toBeNull();
  });
});

describe('afterLogin: where /login goes next', () => {
  it.each([
    [{ from: '/account' }, '/account'],
    [{ from: '/team?tab=invitations' }, '/team?tab=invitations'],
    [{ from: '//evil.example' }, '/blog-admin'],
    [{ from: '/\\evil.example' }, '/blog-admin'],
    [{ from: 'https://evil.example/' }, '/blog-admin'],
    [{ from: 42 }, '/blog-admin'],
    [null, '/blog-admin'],
    [undefined, '/blog-admin'],
  ])('%j → %s', (state, path) => {
    expect(afterLogin(state)).toBe(path);
  });
});
