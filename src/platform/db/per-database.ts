import type { Db } from "./connect.ts";

/**
 * One of something per database handle, made on first use and shared by every request of the process
 * (the batchers that group one turn's statements); a test's or a closed handle's goes with it.
 */
export function perDatabase<T>(create: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let thing = made.get(db);
    if (thing === undefined) {
      thing = create(db);
      made.set(db, thing);
    }
    return thing;
  };
}
