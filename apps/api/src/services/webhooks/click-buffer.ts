/**
 * The clicks waiting for the next `click` delivery: a first-in first-out ring of fixed capacity that,
 * once full, lets the oldest go and counts it. Every counted redirect pushes one click, and a
 * delivery takes at most 100 a second, so under load the buffer sits full: each push must cost the
 * same whether it is full or not. (An array trimmed with `slice(-capacity)` copied all 10,000 waiting
 * clicks on every redirect once full, 80 KB of garbage each.)
 */
export class DroppingBuffer<T> {
  private readonly items: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** How many were let go since the last `take`. */
  private lost = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count === this.capacity) {
      // Full: the newest takes the oldest's place, and the ring's start moves on by one.
      this.items[this.head] = item;
      this.head = (this.head + 1) % this.capacity;
      this.lost += 1;
      return;
    }
    this.items[(this.head + this.count) % this.capacity] = item;
    this.count += 1;
  }

  /** Up to `max` of the oldest items, and how many were let go since the last take. */
  take(max: number): { items: T[]; dropped: number } {
    const items: T[] = [];
    while (items.length < max && this.count > 0) {
      items.push(this.items[this.head] as T);
      this.items[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count -= 1;
    }
    const dropped = this.lost;
    this.lost = 0;
    return { items, dropped };
  }
}
