import { dateOfDay } from "../registration/list-date.ts";
import { partFileName, readPartName } from "../registration/part-name.ts";
import { type BlobEntry, writeBlobListing } from "./formats/blob-listing.ts";
import type { ListSigner } from "./formats/list-signer.ts";
import { publishPart, writeCertificateList, writeRfcListPart } from "./formats/registration-lists.ts";
import { obligationsOf, onRfcList, rfcListFlags } from "./population/registration-facts.ts";
import type { Population } from "./population/types.ts";

const DAY_MS = 86_400_000;
/** Dates published: today (UTC) and the two before, like a container a sync visits daily. */
const DATES = 3;
const RFC_PARTS = 2;
const STATUS = { Activo: "A", Revocado: "R", Caduco: "C" } as const;

type Blob = { bytes: Buffer; md5: string; lastModified: Date };

/** The sandbox's copy of SAT's `lco` container: l_RFC and LCO parts for its population, signed. */
export function createRegistrationFiles(populationOf: () => Population, now: () => number = Date.now) {
  const blobs = new Map<string, Promise<Blob>>();
  let signer: Promise<ListSigner> | undefined;
  const today = () => Math.floor(now() / DAY_MS);
  const names = () =>
    Array.from({ length: DATES }, (_, back) => dateOfDay(today() - back)).flatMap((date) => [
      ...Array.from({ length: RFC_PARTS }, (_, i) => partFileName("rfc", date, i + 1)),
      partFileName("certificates", date, 1),
    ]);
  const build = async (name: string): Promise<Blob> => {
    const part = readPartName(name);
    if (!part) throw new Error(name);
    const day = Math.round(Date.parse(`${part.date}T00:00:00Z`) / DAY_MS);
    const population = populationOf();
    const text = part.list === "rfc" ? rfcPart(population, day, part.part) : certificatePart(population);
    // Loaded at the first part, not at start, as sandbox-files.ts loads the CA and @peculiar/x509.
    signer ??= import("./formats/list-signer.ts").then(({ createListSigner }) => createListSigner());
    return { ...(await publishPart(text, await signer)), lastModified: new Date((day + 0.9) * DAY_MS) };
  };
  const blob = (name: string): Promise<Blob> | null => {
    if (!names().includes(name)) return null;
    if (!blobs.has(name)) blobs.set(name, build(name));
    return blobs.get(name)!;
  };
  return {
    blob,
    async listing(containerUrl: string, prefix: string): Promise<string> {
      const entries: BlobEntry[] = [];
      for (const name of names().filter((n) => n.startsWith(prefix))) {
        const { bytes, md5, lastModified } = await (blob(name) as Promise<Blob>);
        entries.push({ name, bytes: bytes.length, md5, lastModified });
      }
      return writeBlobListing(containerUrl, prefix, entries);
    },
  };
}

export type RegistrationFiles = ReturnType<typeof createRegistrationFiles>;

/** Part `n` of a date: the registered RFCs in text order, split evenly; the last part ends in EOF. */
function rfcPart(population: Population, day: number, n: number): Buffer {
  const rows = population.taxpayers
    .filter((taxpayer) => onRfcList(population, taxpayer, day))
    .map((taxpayer) => ({ rfc: taxpayer.rfc, flags: rfcListFlags(population, taxpayer, day) }))
    .sort((a, b) => Buffer.compare(Buffer.from(a.rfc, "latin1"), Buffer.from(b.rfc, "latin1")));
  const size = Math.ceil(rows.length / RFC_PARTS);
  return writeRfcListPart(rows.slice((n - 1) * size, n * size), n === RFC_PARTS);
}

/** Every CSD (SELLO) of the population; FIELs are not in SAT's certificate list. */
function certificatePart(population: Population): Buffer {
  return writeCertificateList(
    population.taxpayers.flatMap((taxpayer) =>
      taxpayer.certificates
        .filter((certificate) => certificate.type === "SELLO")
        .map((certificate) => ({
          rfc: taxpayer.rfc,
          serial: certificate.serial,
          status: STATUS[certificate.status],
          validFrom: certificate.validFrom,
          validTo: certificate.validTo,
          obligations: obligationsOf(taxpayer),
        })),
    ),
  );
}
