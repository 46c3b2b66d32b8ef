import { chance, pick, type Rng, randomDate, weighted } from "../chaos/rng.ts";
import type { CertificateRecord, CertificateStatus, CertificateType, Taxpayer } from "./types.ts";

const YEAR_MS = 365.25 * 86_400_000;
const VALIDITY_YEARS = 4;
const yearsBefore = (date: Date, years: number) => new Date(date.getTime() - years * YEAR_MS);

/** Hands out unique 20-digit serials shaped like SAT's production ones (`00001000000` + era + counter). */
export type SerialCounter = { next: number };

function serialFor(counter: SerialCounter, issuedYear: number): string {
  const era = issuedYear < 2010 ? 1 : Math.min(9, 2 + Math.floor((issuedYear - 2010) / 4));
  counter.next += 1;
  return `00001000000${era}${String(counter.next).padStart(8, "0")}`;
}

export type CertificateWish = {
  type: CertificateType;
  status: CertificateStatus;
  fileMissing?: boolean;
  branch?: string;
};

/** One certificate whose validity agrees with its status as of `asOf` (old ones before 2010 when the file is missing). */
export function makeCertificate(
  random: Rng,
  counter: SerialCounter,
  asOf: Date,
  wish: CertificateWish,
): CertificateRecord {
  const from = wish.fileMissing
    ? randomDate(random, new Date(Date.UTC(2005, 0, 1)), new Date(Date.UTC(2009, 11, 31)))
    : wish.status === "Caduco"
      ? randomDate(random, new Date(Date.UTC(2012, 0, 1)), yearsBefore(asOf, VALIDITY_YEARS + 0.2))
      : randomDate(
          random,
          yearsBefore(asOf, VALIDITY_YEARS - 0.2),
          new Date(asOf.getTime() - 10 * 86_400_000),
        );
  const validFrom = new Date(from.getTime() + Math.floor(random() * 86_400) * 1000);
  const validTo = new Date(validFrom);
  validTo.setUTCFullYear(validTo.getUTCFullYear() + VALIDITY_YEARS);
  return {
    serial: serialFor(counter, validFrom.getUTCFullYear()),
    type: wish.type,
    status: wish.fileMissing ? "Caduco" : wish.status,
    validFrom: validFrom.toISOString().replace(".000Z", "Z"),
    validTo: validTo.toISOString().replace(".000Z", "Z"),
    fileMissing: wish.fileMissing ?? false,
    ...(wish.type === "SELLO" ? { branch: wish.branch ?? "Matriz" } : {}),
  };
}

const BRANCHES = ["Matriz", "Sucursal 1", "Sucursal 2", "Sucursal Centro", "Sucursal Norte", "Facturacion"];

/** A realistic mix: usually one current FIEL, sometimes an expired one, 0–3 SELLOs, rare revocations and pre-2010 serials. */
export function generateCertificates(
  random: Rng,
  counter: SerialCounter,
  asOf: Date,
  { personType, foundedOn }: Pick<Taxpayer, "personType" | "foundedOn">,
): CertificateRecord[] {
  const foundedYear = Number(foundedOn.slice(0, 4));
  const wishes: CertificateWish[] = [];
  if (foundedYear < 2008 && chance(random, 0.05))
    wishes.push({ type: "FIEL", status: "Caduco", fileMissing: true });
  if (foundedYear < 2018 && chance(random, 0.3)) wishes.push({ type: "FIEL", status: "Caduco" });
  if (chance(random, personType === "M" ? 0.95 : 0.85)) {
    wishes.push({ type: "FIEL", status: chance(random, 0.02) ? "Revocado" : "Activo" });
  }
  const sellos =
    personType === "M"
      ? weighted(random, [
          [0, 15],
          [1, 45],
          [2, 25],
          [3, 15],
        ] as const)
      : weighted(random, [
          [0, 40],
          [1, 45],
          [2, 15],
        ] as const);
  for (let i = 0; i < sellos; i++) {
    const status: CertificateStatus = weighted(random, [
      ["Activo", 80],
      ["Caduco", 17],
      ["Revocado", 3],
    ] as const);
    wishes.push({
      type: "SELLO",
      status: foundedYear >= 2022 ? "Activo" : status,
      branch: pick(random, BRANCHES),
    });
  }
  return wishes
    .map((wish) => makeCertificate(random, counter, asOf, wish))
    .sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1));
}
