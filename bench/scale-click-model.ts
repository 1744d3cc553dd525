/**
 * The scale bench's click model: which link each seeded click belongs to, the second it came at
 * and its referrer, country and device, with the seeded generator and hashes they are drawn with.
 * Apart from scale-clicks.ts, which writes the clicks and their aggregates into SQLite, because it
 * is arithmetic alone (no database), and the two processes of the seeding (one writing the raw
 * clicks, the other counting the aggregates) must draw exactly the same clicks from it.
 *
 * The click model, deterministic (a seeded generator and hashes; only the dates move with the day
 * the bench runs):
 * - Link i (1..links) is created `createdAfter(i)` seconds after the window's start, evenly over
 *   the window (the bench's links SQL uses the same integer arithmetic).
 * - Popularity is Zipf-like (exponent 1) over a shuffled order of the links: a few links get a large
 *   share of the clicks, most get one or two, some none.
 * - A link's clicks come after its creation and thin out with its age: 70 % in a burst (mean age
 *   2 days), the rest in a long tail (mean age 60 days), cut at the end of the window. A link's
 *   share of the clicks is its popularity times the part of its lifetime clicks it has had by then,
 *   so a link created yesterday has had few; the counts sum to exactly `clicks` (cumulative rounding).
 * - Referrer, country and device are hashes of (link, second), skewed like real traffic: no
 *   referrer for 30 %, the link's own main source for 40 %, else a Zipf draw over 200 hosts; an
 *   unknown country for 8 %, else a Zipf draw over 60; mobile 55 %, desktop 38 %, tablet 7 %.
 */

export const DAY = 86_400;

export interface ClickModel {
  links: number;
  clicks: number;
  days: number;
  /** The window's start, whole seconds since the epoch; it ends `days` days later. */
  origin: number;
}

/** Seconds from the window's start to link `id`'s creation: `id * span / links`, in integers. */
export function createdAfter(model: ClickModel, id: number): number {
  const scaled = id * model.days * DAY;
  return (scaled - (scaled % model.links)) / model.links;
}

/** The two parts of a link's clicks by age: share and mean age in seconds. */
const BURST = { share: 0.7, mean: 2 * DAY };
const TAIL = { share: 0.3, mean: 60 * DAY };

/** The part of a link's lifetime clicks that come in its first `age` seconds. */
function lifetimeShare(age: number): number {
  return BURST.share * -Math.expm1(-age / BURST.mean) + TAIL.share * -Math.expm1(-age / TAIL.mean);
}

/**
 * Clicks per link (index id - 1), summing to exactly `model.clicks`. Cumulative rounding: link i
 * gets round(C·W_i/W) - round(C·W_{i-1}/W) of the running weight sums W_i.
 */
export function clickCounts(model: ClickModel): Uint32Array {
  const { links, clicks, days } = model;
  const random = sfc32(0x5eed_0001);
  const rank = new Uint32Array(links);
  for (let index = 0; index < links; index += 1) rank[index] = index + 1;
  for (let index = links - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [rank[index], rank[other]] = [rank[other]!, rank[index]!];
  }
  const weights = new Float64Array(links);
  let total = 0;
  for (let id = 1; id <= links; id += 1) {
    const weight = lifetimeShare(days * DAY - createdAfter(model, id)) / rank[id - 1]!;
    weights[id - 1] = weight;
    total += weight;
  }
  const counts = new Uint32Array(links);
  let running = 0;
  let given = 0;
  for (let index = 0; index < links; index += 1) {
    running += weights[index]!;
    // The last running sum is `total` itself (the same additions in the same order): exactly `clicks`.
    const upTo = Math.round((clicks * running) / total);
    counts[index] = upTo - given;
    given = upTo;
  }
  return counts;
}

/**
 * Every click as one number, grouped by link (link 1's first, in `counts` order):
 * secondsAfterOrigin * (links + 1) + linkId. Exact in a double while that stays below 2^53, and
 * sorting the numbers sorts the clicks by time.
 */
export function clickKeys(model: ClickModel, counts: Uint32Array): Float64Array {
  const { links, clicks, days } = model;
  const stride = links + 1;
  if (days * DAY * stride >= Number.MAX_SAFE_INTEGER) throw new Error('too many links × days for the click keys');
  const random = sfc32(0x5eed_0002);
  const keys = new Float64Array(clicks);
  let at = 0;
  for (let id = 1; id <= links; id += 1) {
    const count = counts[id - 1]!;
    if (count === 0) continue;
    const created = createdAfter(model, id);
    const age = days * DAY - created;
    // Which part a click belongs to, weighed by how much of each part the link's age has seen; then
    // an age drawn from that part's exponential law cut at the link's age (inverse CDF).
    const burstSeen = -Math.expm1(-age / BURST.mean);
    const tailSeen = -Math.expm1(-age / TAIL.mean);
    const burstWeight = BURST.share * burstSeen;
    const allWeight = burstWeight + TAIL.share * tailSeen;
    for (let k = 0; k < count; k += 1) {
      const burst = random() * allWeight < burstWeight;
      const mean = burst ? BURST.mean : TAIL.mean;
      const clickAge = -mean * Math.log1p(-random() * (burst ? burstSeen : tailSeen));
      keys[at] = (created + Math.min(age - 1, Math.floor(clickAge))) * stride + id;
      at += 1;
    }
  }
  return keys;
}

/** Referrer hosts, countries and devices; index 0 of the first two is "none" (NULL). */
export const REFERRERS = [null, ...Array.from({ length: 200 }, (_, k) => `ref${k}.example`)];
export const COUNTRIES = [null, ...Array.from({ length: 60 }, (_, k) => `C${k}`)];
export const DEVICES = ['mobile', 'desktop', 'tablet'] as const;
const REFERRER_DRAW = zipfQuantiles(200, 1);
const COUNTRY_DRAW = zipfQuantiles(60, 1.1);

/** A click's referrer, country and device indexes, packed: referrer | country << 8 | device << 14. */
export function clickAttributes(second: number, id: number): number {
  const h1 = mix32(second ^ mix32(id + 0x9e37_79b9));
  const h2 = mix32(h1 + 0x6d2b_79f5);
  const h3 = mix32(h2 + 0x6d2b_79f5);
  const referrerPick = h1 >>> 16;
  const referrer =
    referrerPick < 0.3 * 65_536
      ? 0
      : referrerPick < 0.7 * 65_536
        ? REFERRER_DRAW[mix32(id) & 0xffff]!
        : REFERRER_DRAW[h1 & 0xffff]!;
  const country = h2 >>> 16 < 0.08 * 65_536 ? 0 : COUNTRY_DRAW[h2 & 0xffff]!;
  const devicePick = h3 >>> 16;
  const device = devicePick < 0.55 * 65_536 ? 0 : devicePick < 0.93 * 65_536 ? 1 : 2;
  return referrer | (country << 8) | (device << 14);
}

/** The UTC days (YYYY-MM-DD) the window touches, first to last. */
export function dayTexts(model: ClickModel): string[] {
  const firstDay = Math.floor(model.origin / DAY);
  const lastDay = Math.floor((model.origin + model.days * DAY - 1) / DAY);
  return Array.from({ length: lastDay - firstDay + 1 }, (_, d) =>
    new Date((firstDay + d) * DAY * 1000).toISOString().slice(0, 10),
  );
}

/** A small seeded generator (sfc32): uniform numbers in [0, 1), the same ones every run. */
function sfc32(seed: number): () => number {
  let a = 0x9e37_79b9;
  let b = 0x243f_6a88;
  let c = 0xb7e1_5162;
  let d = seed | 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let warm = 0; warm < 15; warm += 1) next();
  return next;
}

/** MurmurHash3's finalizer: 32 well-mixed bits of a 32-bit integer. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A Zipf(s) draw over 1..n by a 16-bit uniform number: rank k has weight 1/k^s. */
function zipfQuantiles(n: number, s: number): Uint8Array {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k += 1) cumulative.push((sum += k ** -s));
  const table = new Uint8Array(65_536);
  let k = 0;
  for (let u = 0; u < 65_536; u += 1) {
    const x = ((u + 0.5) / 65_536) * sum;
    while (cumulative[k]! < x) k += 1;
    table[u] = k + 1;
  }
  return table;
}
