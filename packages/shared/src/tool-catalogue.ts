import type { ToolCategory } from './categories';

/**
 * The tool catalogue: every tool's plain description, in the order the home grid shows them. It is the
 * one list of tools. It lives here rather than in the web app because both sides need it: the server
 * turns the slugs into fixed routes (no short code may take one; the sitemap lists them) and the web
 * app builds its router, home grid, search, footer and pages from it. Only what a browser alone can use
 * stays in the web app: each tool's icon and lazily loaded screen, in apps/web/src/tools/<slug>/index.ts,
 * joined to its entry here by slug.
 *
 * Plain text only, no imports but types: the home page's entry script carries this module whole, and
 * vite.config.ts loads it in Node through routes.ts. `pnpm new:tool <slug>` appends an entry.
 */
export interface ToolCatalogueEntry {
  /** Catalogue id, unique. */
  readonly id: number;
  /** Route and web folder: /<slug> is served by apps/web/src/tools/<slug>/. */
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly category: ToolCategory;
  /** Extra words the home search matches besides title and description. */
  readonly keywords: readonly string[];
  /** A demonstration with made-up results (docs/decisions/0001-real-tools.md): the page says so. */
  readonly simulation?: boolean;
}

export const TOOL_CATALOGUE = [
  {
    id: 1,
    slug: 'port-scanner',
    title: 'Port Scanner',
    description: 'Simulate a scan of common TCP ports on a host and learn what each open port means.',
    category: 'Network Tools',
    keywords: ['ports', 'tcp', 'nmap', 'services', 'network'],
    simulation: true,
  },
  {
    id: 2,
    slug: 'hash-generator',
    title: 'Hash Generator (MD5, SHA1, SHA256 etc.)',
    description: 'Generate MD5, SHA1, SHA256 and other hashes',
    category: 'Encryption',
    keywords: ['md5', 'sha1', 'sha256', 'sha512', 'digest', 'checksum', 'file'],
  },
  {
    id: 3,
    slug: 'password-generator',
    title: 'Password Generator',
    description: 'Create strong random passwords from the character sets you choose.',
    category: 'Password Tools',
    keywords: ['random', 'passphrase', 'entropy', 'secure'],
  },
  {
    id: 4,
    slug: 'base64',
    title: 'Base64 Encoder/Decoder',
    description: 'Encode text to Base64 or decode Base64 back to text, UTF-8 safe.',
    category: 'Encoding',
    keywords: ['encode', 'decode', 'b64', 'utf-8', 'base64url', 'url-safe'],
  },
  {
    id: 5,
    slug: 'ip-lookup',
    title: 'IP Lookup',
    description: 'Find the country, region, city and time zone of an IPv4 or IPv6 address.',
    category: 'Network Tools',
    keywords: ['geolocation', 'ipv4', 'ipv6', 'whois', 'my ip', 'asn', 'isp', 'offline'],
  },
  {
    id: 6,
    slug: 'url-encoder',
    title: 'URL Encoder/Decoder',
    description: 'Percent-encode text for URLs or decode encoded URL components.',
    category: 'Encoding',
    keywords: ['percent', 'encodeURIComponent', 'query', 'uri'],
  },
  {
    id: 7,
    slug: 'wifi-analyzer',
    title: 'WiFi Analyzer',
    description: 'Explore simulated nearby WiFi networks with channel, signal and security.',
    category: 'Network Tools',
    keywords: ['wireless', 'ssid', 'channel', 'signal', 'wpa'],
    simulation: true,
  },
  {
    id: 8,
    slug: 'text-encryptor',
    title: 'Text Encryptor',
    description: 'Encrypt and decrypt text with the Caesar or Vigenère cipher, Base64 or reversal.',
    category: 'Encryption',
    keywords: ['caesar', 'vigenere', 'cipher', 'decrypt'],
  },
  {
    id: 9,
    slug: 'vuln-scanner',
    title: 'Vulnerability Scanner',
    description: 'Simulate a vulnerability scan and read typical findings with their fixes.',
    category: 'Security',
    keywords: ['cve', 'audit', 'findings', 'pentest'],
    simulation: true,
  },
  {
    id: 10,
    slug: 'steganography',
    title: 'Steganography Tool',
    description: 'Hide a secret message inside an image, or extract one that was hidden.',
    category: 'Steganography',
    keywords: ['hide', 'secret', 'lsb', 'image', 'extract'],
  },
  {
    id: 11,
    slug: 'sql-tester',
    title: 'SQL Injection Tester',
    description: 'Simulate SQL injection payload tests against a URL parameter.',
    category: 'Web Security',
    keywords: ['sqli', 'injection', 'payload', 'database'],
    simulation: true,
  },
  {
    id: 12,
    slug: 'ddos-simulator',
    title: 'DDoS Simulator',
    description: 'Simulate a denial-of-service attack and watch the traffic statistics.',
    category: 'Security',
    keywords: ['flood', 'dos', 'syn', 'udp', 'load'],
    simulation: true,
  },
  {
    id: 13,
    slug: 'image-rotator',
    title: 'Image Rotator',
    description: 'Rotate an image by any angle and download the result as PNG.',
    category: 'Image Tools',
    keywords: ['rotate', 'turn', 'angle', 'photo'],
  },
  {
    id: 14,
    slug: 'image-grayscale',
    title: 'Image to Grayscale',
    description: 'Convert an image to grayscale with standard luma weights.',
    category: 'Image Tools',
    keywords: ['black and white', 'monochrome', 'grey', 'photo'],
  },
  {
    id: 15,
    slug: 'image-compressor',
    title: 'Image Compressor',
    description: 'Compress and downscale images to JPEG with adjustable quality.',
    category: 'Image Tools',
    keywords: ['compress', 'jpeg', 'shrink', 'optimize', 'photo'],
  },
  {
    id: 16,
    slug: 'image-resizer',
    title: 'Image Resizer',
    description: 'Resize images to custom dimensions or social media presets.',
    category: 'Image Tools',
    keywords: ['resize', 'scale', 'dimensions', 'instagram', 'banner'],
  },
  {
    id: 17,
    slug: 'qr-generator',
    title: 'QR Code Generator',
    description: 'Create scannable QR codes from text or URLs, as PNG or SVG.',
    category: 'Image Tools',
    keywords: ['qr', 'barcode', 'generate', 'svg'],
  },
  {
    id: 18,
    slug: 'qr-reader',
    title: 'QR Code Reader',
    description: 'Decode the QR code in an uploaded image.',
    category: 'Image Tools',
    keywords: ['qr', 'scan', 'decode', 'barcode'],
  },
  {
    id: 19,
    slug: 'image-to-base64',
    title: 'Image to Base64',
    description: 'Convert an image into a Base64 data URL you can paste into code.',
    category: 'Image Tools',
    keywords: ['data url', 'embed', 'encode', 'base64'],
  },
  {
    id: 20,
    slug: 'image-converter',
    title: 'Image Format Converter (JPG, PNG, WEBP)',
    description: 'Convert images between JPG, PNG and WEBP.',
    category: 'Image Tools',
    keywords: ['convert', 'jpeg', 'png', 'webp', 'format'],
  },
  {
    id: 21,
    slug: 'image-ocr',
    title: 'Image OCR',
    description: 'Extract text from images with on-device optical character recognition.',
    category: 'Image Tools',
    keywords: ['ocr', 'text recognition', 'image to text', 'extract text', 'screenshot', 'tesseract', 'scan'],
  },
  {
    id: 22,
    slug: 'network-speed-test',
    title: 'Network Speed Test',
    description: 'Measure download, upload, ping and jitter between you and this server.',
    category: 'Network Tools',
    keywords: ['bandwidth', 'latency', 'ping', 'jitter', 'internet speed', 'mbps', 'download', 'upload'],
  },
  {
    id: 23,
    slug: 'shortlink-manager',
    title: 'Shortlink Manager (create, manage, track shortlinks with analytics)',
    description: 'Create short links, manage them and track their clicks with analytics.',
    category: 'URL Tools',
    keywords: ['url shortener', 'short url', 'links', 'analytics', 'clicks'],
  },
] as const satisfies readonly ToolCatalogueEntry[];
