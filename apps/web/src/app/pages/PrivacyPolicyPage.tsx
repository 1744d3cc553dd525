import { LINK_UNLOCK_COOKIE } from '@toolvault/shared';
import { Link } from 'react-router-dom';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { legalLinkClass, LegalSections, type LegalSection } from './LegalSections';

/** The legal pages are dated, as designed, January 15, 2024. */
const LAST_UPDATED = 'January 15, 2024';

const linkClass = legalLinkClass;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'in-your-browser',
    title: 'Tools that run in your browser',
    body: (
      <>
        <p>
          Most Toolvault tools — hashing, password generation, encoding and encryption, steganography, QR codes, OCR and
          every image tool — run entirely inside your browser tab. The text you type and the files you open are
          processed on your device and are <strong>never uploaded to us or to anyone else</strong>. Closing the tab
          discards them.
        </p>
        <p>
          The simulated tools (such as the port scanner or the Wi-Fi analyzer) generate made-up results locally and do
          not send anything either.
        </p>
        <p>A few features need our server to work:</p>
        <ul>
          <li>
            <strong>IP Lookup</strong> sends the address you enter (or, with “My IP”, your own address as our server
            sees it) to Toolvault. It is looked up in an offline database on our server, used only to answer you, and no
            outside service is contacted.
          </li>
          <li>
            <strong>Network Speed Test</strong> exchanges test data with our server to measure your connection. Your
            results are kept only in your own browser.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What our server stores',
    body: (
      <>
        <p>We keep only what the features you use cannot work without:</p>
        <ul>
          <li>
            <strong>Contact messages</strong>: the name, email address, subject and message you send through the{' '}
            <Link to="/contact" className={linkClass}>
              contact form
            </Link>
            , with the time we received them. We use them only to answer you.
          </li>
          <li>
            <strong>Shortlinks</strong>: the target address, title, description, preview image, tags and creation time
            of each short link, and how many times it was opened.
          </li>
          <li>
            <strong>Anonymous click analytics</strong>: for each visit to a short link we record the time, the referring
            website’s host name (not the full address), the country, and the device class (for example desktop or
            mobile). The country is derived from the visitor’s IP address with an offline database;{' '}
            <strong>the IP address itself is never stored</strong>. Search engines and social media crawlers are not
            counted.
          </li>
          <li>
            <strong>Blog view counts</strong>: a single number per article. It is not linked to you in any way.
          </li>
        </ul>
        <p>
          Visitors do not have accounts. The people who run the site sign in with accounts of their own, made by
          invitation; passwords are stored solely as salted hashes. For their own accountability, the site records which
          of them changed what (the audit log) and each of their sessions, with the address each came from.
        </p>
        <p>
          Like every web server, ours necessarily sees your IP address while it answers a request. We use it in memory
          to deliver the page and to enforce limits that protect the service (for example, one guest shortlink per
          minute). When the site runs on several servers, they keep those limits’ counts together under a keyed hash of
          your address, which is deleted within minutes once the limit’s period (at most 15 minutes) has ended; we do
          not write the address itself to our database or to those counts.
        </p>
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'Information kept in your browser',
    body: (
      <>
        <p>
          Some settings are saved in your browser’s local storage so they survive a page reload. They stay on your
          device, are not sent to us automatically, and you can delete them at any time by clearing your browser’s site
          data.
        </p>
        <div>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Local storage keys used by Toolvault</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4 font-semibold text-slate-900 dark:text-white">
                  Key
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold text-slate-900 dark:text-white">
                  Purpose
                </th>
                <th scope="col" className="py-2 font-semibold text-slate-900 dark:text-white">
                  Category
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              <StorageRow name="cookie-consent" purpose="Remembers your cookie choices." category="Necessary" />
              <StorageRow
                name="shortlinkAdminToken"
                purpose="Keeps a team member signed in to the shortlink manager, blog admin and team pages. Set only for them."
                category="Necessary"
              />
              <StorageRow
                name={LINK_UNLOCK_COOKIE}
                purpose="A cookie set when you give the password of a password-protected short link, for that link only, for one hour. It holds no password."
                category="Necessary"
              />
              <StorageRow
                name="guest_shortlink"
                purpose="The last short link you created as a guest, so you can copy it again."
                category="Necessary"
              />
              <StorageRow
                name="guest_shortlink_last_created"
                purpose="When you last created a guest link, for the one-per-minute limit."
                category="Necessary"
              />
              <StorageRow
                name="Speed test history"
                purpose="Your last 10 network speed test results."
                category="Necessary"
              />
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and your consent',
    body: (
      <>
        <p>We group cookies and similar technologies into four categories:</p>
        <ul>
          <li>
            <strong>Necessary</strong> — required for the site to work, such as remembering your consent choice. Always
            on.
          </li>
          <li>
            <strong>Analytics</strong> — would help us understand which tools are used. Toolvault uses no third-party
            analytics service today.
          </li>
          <li>
            <strong>Advertising</strong> — would allow ads that keep Toolvault free. No page shows ads today; if that
            changes, an ad provider’s script will load only on pages that show ads and only if you allowed this
            category.
          </li>
          <li>
            <strong>Functional</strong> — would remember optional settings and conveniences between visits. Toolvault
            has no such features today.
          </li>
        </ul>
        <p>
          On your first visit a banner asks for your choice; nothing optional is enabled until you decide. Declining or
          closing the banner keeps only the necessary category. You can change your mind at any time with{' '}
          <strong>Cookie Settings</strong> in the footer.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    body: (
      <>
        <p>
          No request leaves Toolvault for another website unless you ask for it. The OCR engine and its language data,
          our fonts and our icons are all served by Toolvault itself. Examples of requests you ask for are opening a
          blog article whose cover image is hosted elsewhere, or following a short link to its destination — at which
          point that website’s own privacy policy applies.
        </p>
        <p>We do not sell, rent or share your personal information with anyone.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <p>
        Contact messages are kept while we handle your request and are then deleted. Shortlinks and their anonymous
        click records are kept until the link is deleted; a server may be set to delete individual click records sooner,
        after a fixed number of days, keeping only daily totals. Blog view counts are kept as long as the article
        exists. Data in your browser stays until you clear it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect the data we hold with encrypted connections, strict input validation, rate limiting, and team
        accounts protected by hashed passwords and signed, expiring sessions. No system is perfectly secure; if you
        believe you have found a vulnerability, please{' '}
        <Link to="/contact" className={linkClass}>
          tell us
        </Link>{' '}
        — security reports get an immediate response.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct or delete the personal information we
        hold about you — in practice, a contact message you sent us — and to object to how it is used. Contact us and we
        will act on your request promptly. To remove what Toolvault keeps in your browser, clear the site’s data in your
        browser settings.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children’s privacy',
    body: (
      <p>
        Toolvault is not directed to children under 13, and we do not knowingly collect personal information from
        children under 13. If you believe a child under 13 has sent us personal information, please contact us and we
        will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as Toolvault changes. The date at the top of this page shows when it was last revised;
        significant changes will also be announced on the site. Continuing to use Toolvault after a change means you
        accept the updated policy.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy or your data? Reach us through our{' '}
        <Link to="/contact" className={linkClass}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

function StorageRow({ name, purpose, category }: { name: string; purpose: string; category: string }) {
  return (
    <tr>
      <td className="py-2 pr-4 align-top font-mono text-xs break-all text-slate-900 dark:text-slate-100">{name}</td>
      <td className="py-2 pr-4 align-top">{purpose}</td>
      <td className="py-2 align-top">{category}</td>
    </tr>
  );
}

export default function PrivacyPolicyPage() {
  return (
    <Page
      title="Privacy Policy"
      description="How Toolvault handles your data: in-browser processing, what the server stores, local storage and cookie consent."
      width="narrow"
    >
      <header className="mb-6">
        <h1 className={ui.heading}>Privacy Policy</h1>
        <p className={`mt-2 ${ui.muted}`}>{`Last updated: ${LAST_UPDATED}`}</p>
      </header>

      <Card>
        <p className="leading-relaxed text-slate-700 dark:text-slate-300">
          Toolvault is built so that you can use it without giving anything away. This policy explains what happens to
          your information when you use the tools, the shortlink service, the blog and the contact form.{' '}
          <strong className="text-slate-900 dark:text-white">In short:</strong> the in-browser tools never upload your
          files; we store only contact messages, shortlinks with anonymous click statistics, and blog view counts; and
          nothing optional is switched on without your consent.
        </p>

        <LegalSections idPrefix="privacy" sections={SECTIONS} />
      </Card>

      <p className={`mt-6 ${ui.muted}`}>
        See also our{' '}
        <Link to="/terms-of-service" className={linkClass}>
          Terms of Service
        </Link>
        .
      </p>
    </Page>
  );
}
