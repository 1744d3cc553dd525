import { readdirSync } from 'node:fs';
import { PAGE_PREFIXES, PAGE_SEGMENTS, SERVER_SEGMENTS, TOOL_CATALOGUE, TOOL_CATEGORIES } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { tools } from '.';

// The 23 tools with their id, title, category and path.
const SPEC_TABLE = [
  [1, 'Port Scanner', 'Network Tools', '/port-scanner'],
  [2, 'Hash Generator (MD5, SHA1, SHA256 etc.)', 'Encryption', '/hash-generator'],
  [3, 'Password Generator', 'Password Tools', '/password-generator'],
  [4, 'Base64 Encoder/Decoder', 'Encoding', '/base64'],
  [5, 'IP Lookup', 'Network Tools', '/ip-lookup'],
  [6, 'URL Encoder/Decoder', 'Encoding', '/url-encoder'],
  [7, 'WiFi Analyzer', 'Network Tools', '/wifi-analyzer'],
  [8, 'Text Encryptor', 'Encryption', '/text-encryptor'],
  [9, 'Vulnerability Scanner', 'Security', '/vuln-scanner'],
  [10, 'Steganography Tool', 'Steganography', '/steganography'],
  [11, 'SQL Injection Tester', 'Web Security', '/sql-tester'],
  [12, 'DDoS Simulator', 'Security', '/ddos-simulator'],
  [13, 'Image Rotator', 'Image Tools', '/image-rotator'],
  [14, 'Image to Grayscale', 'Image Tools', '/image-grayscale'],
  [15, 'Image Compressor', 'Image Tools', '/image-compressor'],
  [16, 'Image Resizer', 'Image Tools', '/image-resizer'],
  [17, 'QR Code Generator', 'Image Tools', '/qr-generator'],
  [18, 'QR Code Reader', 'Image Tools', '/qr-reader'],
  [19, 'Image to Base64', 'Image Tools', '/image-to-base64'],
  [20, 'Image Format Converter (JPG, PNG, WEBP)', 'Image Tools', '/image-converter'],
  [21, 'Image OCR', 'Image Tools', '/image-ocr'],
  [22, 'Network Speed Test', 'Network Tools', '/network-speed-test'],
  [23, 'Shortlink Manager (create, manage, track shortlinks with analytics)', 'URL Tools', '/shortlink-manager'],
] as const;

describe('tool catalogue', () => {
  it('holds the 23 tools of the original design, in order', () => {
    expect(tools.map((tool) => [tool.id, tool.title, tool.category, tool.path])).toEqual(SPEC_TABLE);
  });

  it.each(tools.map((tool) => [tool.slug, tool] as const))(
    '%s has a description, icon, keywords and a lazy screen',
    (slug, tool) => {
      expect(tool.path).toBe(`/${slug}`);
      expect(tool.description.trim().length).toBeGreaterThan(10);
      expect(tool.icon).toBeTruthy();
      expect(tool.keywords.length).toBeGreaterThan(0);
      expect(tool.component).toBeTruthy();
    },
  );

  // Importing the list already fails for a catalogue entry whose folder is missing or defines another
  // slug; a folder the catalogue does not list would be left out of the site without a word.
  it('has one web folder per catalogue entry and no other', () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(TOOL_CATALOGUE.map((entry) => entry.slug).sort());
    expect(tools.map((tool) => tool.slug)).toEqual(TOOL_CATALOGUE.map((entry) => entry.slug));
  });

  it('has unique ids and slugs', () => {
    expect(new Set(TOOL_CATALOGUE.map((entry) => entry.id)).size).toBe(TOOL_CATALOGUE.length);
    expect(new Set(TOOL_CATALOGUE.map((entry) => entry.slug)).size).toBe(TOOL_CATALOGUE.length);
  });

  it('gives each tool a one-segment route no page or server path already takes', () => {
    const taken = new Set<string>([...PAGE_SEGMENTS, ...PAGE_PREFIXES, ...SERVER_SEGMENTS]);
    for (const { slug } of TOOL_CATALOGUE) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(taken.has(slug), slug).toBe(false);
    }
  });

  it('uses the nine tool categories (ten filters with All), each at least once', () => {
    expect(TOOL_CATEGORIES).toHaveLength(9);
    expect(new Set(TOOL_CATALOGUE.map((entry) => entry.category))).toEqual(new Set(TOOL_CATEGORIES));
  });

  it('labels exactly the five demonstrations as simulations (docs/decisions/0001-real-tools.md)', () => {
    expect(tools.filter((tool) => tool.simulation).map((tool) => tool.slug)).toEqual([
      'port-scanner',
      'wifi-analyzer',
      'vuln-scanner',
      'sql-tester',
      'ddos-simulator',
    ]);
  });
});
