/** A uniform random source in [0, 1), deterministic for a seed (chaos `createRng`). */
export type Random = () => number;

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

/** Picks by weight: `[[value, weight], …]`. */
export function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1][0];
}

/** A UTC date between two dates, at midnight. */
export function randomDate(random: Random, from: Date, to: Date): Date {
  const days = Math.floor((to.getTime() - from.getTime()) / 86_400_000);
  return new Date(from.getTime() + randomInt(random, 0, days) * 86_400_000);
}

/** 32-bit FNV-1a of a text, to derive per-record seeds (lazy, order-independent generation). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
