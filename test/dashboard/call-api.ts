/**
 * The API call the browser journey makes with a key created in the dashboard, and the operation name
 * the request log shows for it. One place to switch to `POST /v1/rfc/verify` once that route exists.
 */
export async function callApiWithKey(
  base: string,
  key: string,
): Promise<{ response: Response; operation: string }> {
  const response = await fetch(`${base}/v1/account`, { headers: { "x-api-key": key } });
  return { response, operation: "GET account" };
}
