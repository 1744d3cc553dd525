import { type Migration } from './migration';

/*
 * Password links. password_hash is the scrypt hash of the link's password (NULL: no password).
 * password_version rises with every change or removal of the password; an unlock cookie names the
 * version it was given for, so changing the password ends every earlier cookie at once, on every
 * replica, without a list of cookies to revoke.
 */
const COLUMNS = (text: string) => `
ALTER TABLE shortlinks ADD COLUMN password_hash ${text};
ALTER TABLE shortlinks ADD COLUMN password_version INTEGER NOT NULL DEFAULT 0;
`;

export default {
  version: 18,
  name: 'link passwords',
  sqlite: COLUMNS('TEXT'),
  postgres: COLUMNS('TEXT'),
} satisfies Migration;
