import { Link } from 'react-router-dom';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { legalLinkClass, LegalSections, type LegalSection } from './LegalSections';
import { tools } from '../../tools';

/** The legal pages are dated, as designed, January 15, 2024. */
const LAST_UPDATED = 'January 15, 2024';

const linkClass = legalLinkClass;

// Named from the catalogue so the terms always list exactly the tools that are simulations.
const SIMULATIONS = new Intl.ListFormat('en', { type: 'conjunction' }).format(
  tools.filter((tool) => tool.simulation).map((tool) => tool.title),
);

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These Terms of Service govern your use of Toolvault, including its tools, the shortlink service and the blog
        (together, “the service”). By using the service you agree to these terms. If you do not agree, please do not use
        Toolvault.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          Toolvault is a free collection of security, encoding and image tools. Most tools run entirely in your browser;
          a few, such as IP Lookup, the network speed test and the shortlink service, use our server. How we handle
          information is described in our{' '}
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
        <p>
          Some tools — {SIMULATIONS} — are <strong>simulations</strong>. They produce made-up results for learning,
          never contact a real network or system, and are labelled as simulations on their pages.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Toolvault',
    body: (
      <p>
        Toolvault is not intended for children under 13, and you may not use it if you are under 13. If you are under
        the age of majority where you live, you may use Toolvault only with the permission of a parent or guardian.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree to use Toolvault lawfully and responsibly. In particular, you agree:</p>
        <ul>
          <li>
            to <strong>test only systems that you own or that you have explicit permission to test</strong>, and to stay
            within the scope of that permission;
          </li>
          <li>
            not to use anything you learn or produce with Toolvault to gain unauthorised access to, disrupt or damage
            any system, network or data;
          </li>
          <li>
            to treat the simulations as <strong>educational</strong> — their results are not real findings and must not
            be presented as the results of a real assessment;
          </li>
          <li>not to use the service to harass anyone, infringe anyone’s rights, or distribute malware;</li>
          <li>
            not to attack, overload, scrape at scale or try to circumvent the limits or security of Toolvault itself.
            Please report vulnerabilities to us instead; we respond to security reports immediately.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'shortlinks',
    title: 'Shortlinks',
    body: (
      <>
        <p>
          You are responsible for the short links you create and the addresses they point to. You must not use them to:
        </p>
        <ul>
          <li>link to phishing pages, malware, or other deceptive or harmful content;</li>
          <li>send spam or disguise the real destination of a link to mislead people;</li>
          <li>link to illegal content or content that infringes the rights of others;</li>
          <li>evade the filters, blocks or rate limits of Toolvault or any other service.</li>
        </ul>
        <p>
          Guests may create one link per minute. We may disable or delete any link that breaks these rules, or that we
          reasonably believe puts visitors at risk, without notice. To report an abusive link, use our{' '}
          <Link to="/contact" className={linkClass}>
            contact page
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Content and intellectual property',
    body: (
      <p>
        The Toolvault site, its design and its blog articles belong to Toolvault or its licensors. You may share links
        to our pages and quote short passages with attribution. Your input to the tools and the files you process remain
        yours; we claim no rights over them. When you send us a message, you allow us to use it to answer you.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <>
        <p>
          Toolvault is provided <strong>“as is” and “as available”</strong>, without warranties of any kind, express or
          implied, including merchantability, fitness for a particular purpose and non-infringement.
        </p>
        <p>
          We work hard to make the tools correct, but we do not guarantee that results — such as OCR text, decoded QR
          content, IP location data or speed test figures — are accurate, complete or suitable for your purpose. Verify
          important results independently, and keep your own copies of anything you cannot afford to lose.
        </p>
        <p>Nothing on Toolvault is legal advice. You are responsible for making sure your use complies with the law.</p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the fullest extent permitted by law, Toolvault and the people behind it are not liable for any indirect,
        incidental, special, consequential or punitive damages, or for any loss of data, profits or business, arising
        from your use of, or inability to use, the service. Because the service is free, our total liability for any
        claim is limited to the greatest extent the law allows.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Your responsibility',
    body: (
      <p>
        You agree to indemnify and hold Toolvault harmless from claims, losses and expenses arising from your misuse of
        the service or your breach of these terms — for example, testing a system without permission or creating an
        abusive shortlink.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to the service and these terms',
    body: (
      <p>
        We may add, change or remove tools and features, and we may update these terms. The date at the top of this page
        shows when they last changed; significant changes will be announced on the site. Continuing to use Toolvault
        after a change means you accept the updated terms.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension',
    body: (
      <p>
        We may restrict or block access to the service, or remove content, for anyone who breaks these terms or puts the
        service or its visitors at risk.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Reach us through our{' '}
        <Link to="/contact" className={linkClass}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <Page
      title="Terms of Service"
      description="The rules for using Toolvault: acceptable use, simulations, shortlinks, disclaimers and changes."
      width="narrow"
    >
      <header className="mb-6">
        <h1 className={ui.heading}>Terms of Service</h1>
        <p className={`mt-2 ${ui.muted}`}>{`Last updated: ${LAST_UPDATED}`}</p>
      </header>

      <Card>
        <p className="leading-relaxed text-slate-700 dark:text-slate-300">
          Thank you for using Toolvault. These terms are written to be read: they explain what you can expect from us
          and what we expect from you. <strong className="text-slate-900 dark:text-white">In short:</strong> use the
          tools legally, test only what you are allowed to test, remember that simulations are for learning, and do not
          abuse the shortlink service.
        </p>

        <LegalSections idPrefix="terms" sections={SECTIONS} />
      </Card>

      <p className={`mt-6 ${ui.muted}`}>
        See also our{' '}
        <Link to="/privacy-policy" className={linkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </Page>
  );
}
