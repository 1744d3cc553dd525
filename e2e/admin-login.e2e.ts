import { describe, expect, it } from 'vitest';
import { adminPassword, baseURL, newPage } from './support';

describe('admin login', () => {
  it('refuses a wrong password, then logs in, lands on /blog-admin, and logs out on the server too', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Admin Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid password' }).waitFor();

    await page.getByPlaceholder('Admin Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseURL}/blog-admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const contact = () => fetch(`${baseURL}/api/contact`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await contact()).status).toBe(200);

    const ended = page.waitForResponse((res) => res.url().endsWith('/api/admin/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))).toBeNull();
    // The server ended the session: a copy of the token is refused from now on.
    expect((await ended).status()).toBe(204);
    expect((await contact()).status).toBe(401);
    await page.context().close();
  });
});
