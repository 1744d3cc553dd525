import { describe, expect, it } from 'vitest';
import { baseURL, newPage, ownerToken } from './support';

describe('contact form', () => {
  it('sends, shows success for about 3 s, clears the form, and stores the message', async () => {
    const page = await newPage();
    await page.goto('/contact');
    const subject = `Hello from the browser suite ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('The analytical engine weaves algebraic patterns.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Sending...' }).waitFor();
    await page.getByText('Thank you! Your message has been sent successfully.').waitFor({ timeout: 10_000 });
    await page
      .getByText('Thank you! Your message has been sent successfully.')
      .waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('');

    const token = await ownerToken();
    const list = await fetch(`${baseURL}/api/contact`, { headers: { Authorization: `Bearer ${token}` } });
    const { items: messages } = (await list.json()) as { items: { subject: string; email: string }[] };
    expect(messages.find((message) => message.subject === subject)).toMatchObject({ email: 'ada@example.com' });
    await page.context().close();
  });

  it('refuses an invalid email inline and sends nothing', async () => {
    const page = await newPage();
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact') && request.method() === 'POST') posted = true;
    });
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Bob');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Subject', { exact: true }).fill('Hi');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(false);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Bob');
    await page.context().close();
  });

  it('lists the stated response times', async () => {
    const page = await newPage();
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('main').textContent();
    for (const line of ['24-48 hours', '12-24 hours', '6-12 hours', 'Immediate']) expect(text).toContain(line);
    await page.context().close();
  });
});
