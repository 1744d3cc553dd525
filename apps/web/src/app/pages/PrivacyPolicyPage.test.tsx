import { render, screen } from '@testing-library/react';
import { LINK_UNLOCK_COOKIE } from '@toolvault/shared';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../../features/auth/admin-session';
import { CONSENT_STORAGE_KEY } from '../consent/consent';
import { GUEST_LAST_CREATED_KEY, GUEST_LINK_KEY } from '../../tools/shortlink-manager/shortlink-manager.service';
import PrivacyPolicyPage from './PrivacyPolicyPage';

describe('the privacy policy', () => {
  it('names every key and cookie the site stores, by the name the code uses', () => {
    render(
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table');
    for (const name of [
      CONSENT_STORAGE_KEY,
      ADMIN_TOKEN_KEY,
      GUEST_LINK_KEY,
      GUEST_LAST_CREATED_KEY,
      LINK_UNLOCK_COOKIE,
    ]) {
      expect(table).toHaveTextContent(name);
    }
  });

  it('says the team is recorded and visitors are not', () => {
    render(
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Visitors do not have accounts/)).toHaveTextContent(
      /which of them changed what \(the audit log\)/,
    );
  });
});
