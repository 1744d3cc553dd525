import { describe, expect, it } from 'vitest';
import { adminPassword, baseURL, newPage } from './support';

describe('admin login', () => {
  it('refuses a wrong password, then logs in, lands on /blog-admin, and logs out', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Admin Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid password' }).waitFor();

    await page.getByPlaceholder('Admin Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseURL}/blog-admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))).toBeNull();
    await page.context().close();
  });
});
