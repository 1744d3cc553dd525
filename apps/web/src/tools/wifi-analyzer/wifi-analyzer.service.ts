import { delay, realScheduler, type Random, type Scheduler } from '../../lib/simulation';

/**
 * A simulated WiFi survey (docs/decisions/0001-real-tools.md): a browser cannot list nearby networks,
 * so plausible ones are generated from the injected random source.
 */

export interface WifiNetwork {
  ssid: string;
  bssid: string;
  channel: number;
  /** Centre frequency in MHz. */
  frequency: number;
  /** Received signal strength in dBm. */
  signal: number;
  security: string;
  encryption: string;
}

/** One network is added every 500 ms. */
export const NETWORK_INTERVAL_MS = 500;

/** How many networks one scan finds (10 × 500 ms = a 5 s scan). */
export const NETWORK_COUNT = 10;

/** The notice shown beside the Scan Networks button. */
export const SIMULATED_NOTICE = 'Simulated results for demonstration';

/** Names given to the simulated networks, one per network in this order. */
export const SSIDS: readonly string[] = [
  'HomeNetwork-5G',
  'NETGEAR42',
  'Linksys_Guest',
  'CoffeeShop_Free_WiFi',
  'TP-Link_8A3C',
  'Office-Secure',
  'xfinitywifi',
  'DIRECT-7F-HP-LaserJet',
  'Airport_Lounge',
  'FRITZ!Box 7590 QX',
];

/** IEEE 802.11 2.4 GHz channels used in most regions (channel 14 is Japan-only and left out). */
export const CHANNELS_2_4GHZ: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/** Common 20 MHz 5 GHz channels (UNII-1 to UNII-3). */
export const CHANNELS_5GHZ: readonly number[] = [
  36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149, 153, 157, 161, 165,
];

/** Share of simulated networks on 5 GHz (random() < 0.35). */
export const FIVE_GHZ_PROBABILITY = 0.35;

/** Simulated signal range in dBm, strongest to weakest (brief: −30 to −90). */
export const SIGNAL_STRONGEST_DBM = -30;
export const SIGNAL_WEAKEST_DBM = -90;

/** Security modes and the cipher each implies; WPA2 twice because it is the most common. */
export const SECURITY_PROFILES: readonly { security: string; encryption: string }[] = [
  { security: 'WPA3', encryption: 'AES-CCMP (SAE)' },
  { security: 'WPA2', encryption: 'AES-CCMP' },
  { security: 'WPA2', encryption: 'AES-CCMP' },
  { security: 'WPA', encryption: 'TKIP' },
  { security: 'WEP', encryption: 'WEP' },
  { security: 'Open', encryption: 'None' },
];

/** IEEE 802.11 channel centre frequencies: 2412 + 5 × (ch − 1) at 2.4 GHz, 5000 + 5 × ch at 5 GHz. */
export function channelFrequency(channel: number): number {
  return channel <= 13 ? 2412 + 5 * (channel - 1) : 5000 + 5 * channel;
}

export type SignalQuality = 'Excellent' | 'Good' | 'Fair' | 'Poor';

/** Above −50 dBm Excellent (100), above −60 Good (75), above −70 Fair (50), otherwise Poor (25). */
export const SIGNAL_BANDS: readonly { above: number; quality: SignalQuality; bar: number }[] = [
  { above: -50, quality: 'Excellent', bar: 100 },
  { above: -60, quality: 'Good', bar: 75 },
  { above: -70, quality: 'Fair', bar: 50 },
];

export function signalQuality(dbm: number): { quality: SignalQuality; bar: number } {
  const band = SIGNAL_BANDS.find(({ above }) => dbm > above);
  return band ? { quality: band.quality, bar: band.bar } : { quality: 'Poor', bar: 25 };
}

export type SecurityTone = 'danger' | 'secure' | 'good' | 'weak';

/** Security badge Open red, WPA3 Secure, WPA2 Good, anything else Weak. */
export function securityBadge(security: string): { label: string; tone: SecurityTone } {
  switch (security) {
    case 'Open':
      return { label: 'Open', tone: 'danger' };
    case 'WPA3':
      return { label: 'Secure', tone: 'secure' };
    case 'WPA2':
      return { label: 'Good', tone: 'good' };
    default:
      return { label: 'Weak', tone: 'weak' };
  }
}

function pick<T>(list: readonly T[], draw: number): T {
  const item = list[Math.floor(draw * list.length)];
  if (item === undefined) throw new RangeError(`random draw ${draw} is outside [0, 1)`);
  return item;
}

/**
 * One network from ten draws, in this order: six BSSID octets, band, channel,
 * signal, security profile. The SSID is SSIDS[index].
 */
export function generateNetwork(random: Random, index: number): WifiNetwork {
  const octets = Array.from({ length: 6 }, () => Math.floor(random() * 256));
  // Clear the multicast and locally-administered bits: a real access point's unicast, vendor-assigned address.
  octets[0] = (octets[0] ?? 0) & 0xfc;
  const bssid = octets.map((octet) => octet.toString(16).padStart(2, '0').toUpperCase()).join(':');
  const channels = random() < FIVE_GHZ_PROBABILITY ? CHANNELS_5GHZ : CHANNELS_2_4GHZ;
  const channel = pick(channels, random());
  const span = SIGNAL_STRONGEST_DBM - SIGNAL_WEAKEST_DBM + 1;
  const signal = SIGNAL_STRONGEST_DBM - Math.floor(random() * span);
  const { security, encryption } = pick(SECURITY_PROFILES, random());
  return {
    ssid: SSIDS[index % SSIDS.length] ?? `Network ${index + 1}`,
    bssid,
    channel,
    frequency: channelFrequency(channel),
    signal,
    security,
    encryption,
  };
}

export interface WifiScanOptions {
  random?: Random;
  scheduler?: Scheduler;
  signal?: AbortSignal;
  count?: number;
  /** Called as each network is found, every NETWORK_INTERVAL_MS. */
  onNetwork?: (network: WifiNetwork) => void;
}

/** Finds `count` networks, one every 500 ms (the first at 500 ms); abort rejects with an AbortError. */
export async function runWifiScan({
  random = Math.random,
  scheduler = realScheduler,
  signal,
  count = NETWORK_COUNT,
  onNetwork,
}: WifiScanOptions = {}): Promise<WifiNetwork[]> {
  const networks: WifiNetwork[] = [];
  for (let index = 0; index < count; index++) {
    await delay(NETWORK_INTERVAL_MS, { scheduler, signal });
    const network = generateNetwork(random, index);
    networks.push(network);
    onNetwork?.(network);
  }
  return networks;
}
