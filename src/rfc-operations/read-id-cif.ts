import { ServiceError } from "../platform/errors.ts";

/** An idCIF as printed on the Constancia (11 digits today): digits only, spaces ignored. */
export function readIdCif(raw: string, path = "/id_cif"): string {
  const idCif = raw.replace(/\s+/g, "");
  if (!/^\d{5,20}$/.test(idCif))
    throw new ServiceError("invalid_request", `"${raw}" is not an idCIF: the CSF prints it as 11 digits.`, {
      errors: [{ path, message: "must be the idCIF's digits" }],
    });
  return idCif;
}
