import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { ServiceError } from "../platform/errors.ts";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The one rule for a dashboard password, wherever it is set: sign-up, `users create`, `users password`. */
export const PASSWORD_LENGTH = { min: 10, max: 200 } as const;

export function checkPasswordLength(password: string): void {
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max)
    throw new ServiceError(
      "invalid_request",
      `the password must have ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
      { errors: [{ path: "/password", message: "too short or too long" }] },
    );
}

/** `scrypt$N$r$p$salt$hash`, base64 parts: self-describing so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize("NFKC"), salt, 32, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** Checked for unknown users, so both failures take the same time: all zeros, which no password hashes to. */
export const DECOY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${"A".repeat(22)}==$${"A".repeat(43)}=`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}
