import type { Rng } from "../chaos/rng.ts";

export { chance, createRng, pick, type Rng as Random, randomInt } from "../chaos/rng.ts";

/** Picks by weight: `[[value, weight], …]`. */
export function weighted<T>(random: Rng, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1][0];
}

/** A UTC date between two dates, at midnight. */
export function randomDate(random: Rng, from: Date, to: Date): Date {
  const days = Math.floor((to.getTime() - from.getTime()) / 86_400_000);
  return new Date(from.getTime() + Math.floor(random() * (days + 1)) * 86_400_000);
}
