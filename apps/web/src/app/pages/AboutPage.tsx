import {
  FlaskConical,
  GraduationCap,
  HardDrive,
  Mail,
  Scale,
  Sparkles,
  Target,
  Terminal,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { tools } from '../../tools';

const linkClass =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';

// Derived from the catalogue so this page never disagrees with it (docs/decisions/0012-code-habits.md).
const simulations = tools.filter((tool) => tool.simulation);
const realToolCount = tools.length - simulations.length;

const AUDIENCE: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Terminal,
    title: 'Security researchers',
    text: 'Decode a token, hash a sample, check what is hidden in an image — without pasting evidence into a stranger’s server.',
  },
  {
    icon: Target,
    title: 'Penetration testers',
    text: 'Quick utilities for the small jobs between the big ones, usable from any machine with a browser.',
  },
  {
    icon: GraduationCap,
    title: 'Students',
    text: 'Hands-on demonstrations of port scans, SQL injection and denial-of-service attacks that are safe to run anywhere.',
  },
  {
    icon: Users,
    title: 'Everyone else',
    text: 'Anyone who needs fast encoding, hashing, password or QR code generation, or image work without installing anything.',
  },
];

export default function AboutPage() {
  return (
    <Page
      title="About"
      description="Toolvault is a free toolbox of security, encoding and image tools that run in your browser."
      width="narrow"
    >
      <header className="mb-8">
        <h1 className={ui.heading}>About Toolvault</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Toolvault is a free toolbox for security work and everyday data chores. Hash a file, generate a password,
          encode a payload, read a QR code or extract text from a screenshot — right in your browser, with no account,
          no installation and no fee.
        </p>
      </header>

      <div className="space-y-6">
        <Section icon={Wrench} title="What Toolvault is">
          <p>
            Toolvault brings {tools.length} tools together in one place: hashing (MD5, SHA-1, SHA-256, SHA-512),
            password generation, Base64 and URL encoding, text encryption, steganography, QR code generation and
            reading, optical character recognition, image conversion, compression, resizing and more. Each tool does one
            job, loads on its own, and is ready in a moment.
          </p>
          <p>
            Alongside the tools you will find a <strong>shortlink service</strong> that turns long addresses into short
            ones with a clean preview card, and a{' '}
            <Link to="/blog" className={linkClass}>
              blog
            </Link>{' '}
            with articles on security techniques, tooling and privacy.
          </p>
        </Section>

        <Section icon={FlaskConical} title="Real tools, and clearly labelled simulations">
          <p>
            Most of our tools — {realToolCount} of {tools.length} — do exactly what they say: the hashes are real
            hashes, the QR codes scan on any phone, the OCR engine actually reads your image, and hidden messages really
            are embedded in the pixels.
          </p>
          <p>
            A few things cannot honestly be done from a web page, because a browser is not allowed to open raw network
            connections or inspect Wi-Fi radios. Those tools are <strong>simulations</strong>: they show realistic,
            made-up results so you can learn how the real techniques work. Each one says so plainly on its page:
          </p>
          <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {simulations.map((tool) => (
              <li key={tool.slug} className="flex items-center gap-2">
                <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-amber-700 dark:text-amber-400" />
                <Link to={tool.path} className={linkClass}>
                  {tool.title}
                </Link>
              </li>
            ))}
          </ul>
        </Section>

        <Section icon={HardDrive} title="Your files never leave your device">
          <p>
            The in-browser tools process everything locally. When you hash a file, compress an image or run OCR, the
            data stays in your browser tab — it is never uploaded, logged or stored by us. The engines, fonts and icons
            they need are served by Toolvault itself, so no third party learns what you are working on.
          </p>
          <p>
            A few features need our server by their nature: the IP lookup and the network speed test talk to Toolvault
            (never to an outside service), shortlinks are stored so they can redirect, and contact messages are kept so
            we can answer them. Our{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>{' '}
            lists exactly what is stored.
          </p>
        </Section>

        <Section icon={Sparkles} title="Our mission">
          <p>
            Good security tooling should be free, fast and honest. We want anyone — from a seasoned red-teamer to a
            student preparing for their first capture-the-flag — to reach for a trustworthy tool without handing their
            data to someone else, and to always know whether a result is real or a demonstration.
          </p>
        </Section>

        <Section icon={Users} title="Who it is for">
          <ul className="grid gap-4 sm:grid-cols-2">
            {AUDIENCE.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
                  <p className="mt-1 text-sm">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section icon={Scale} title="Use it responsibly">
          <p>
            Security tools are for defending systems and learning how they fail. Only test systems that you own or that
            you have explicit, written permission to test. Unauthorised scanning or attacks are illegal in most
            countries, whatever tool is used. The simulations on Toolvault never touch a real network; they exist to
            teach. Please read our{' '}
            <Link to="/terms-of-service" className={linkClass}>
              Terms of Service
            </Link>{' '}
            for the full rules.
          </p>
        </Section>

        <Section icon={Mail} title="Get in touch">
          <p>
            Found a bug, want a new tool, or spotted a security issue in Toolvault itself? We would love to hear from
            you.
          </p>
          <div className="flex flex-col gap-3 pt-1 sm:flex-row">
            <Link to="/" className={ui.button}>
              Browse the tools
            </Link>
            <Link to="/contact" className={ui.buttonSecondary}>
              Contact us
            </Link>
          </div>
        </Section>
      </div>
    </Page>
  );
}

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
        <Icon aria-hidden="true" className="size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300">{children}</div>
    </Card>
  );
}
