/** The API call the browser journey makes with a key created in the dashboard, and its log label. */
export async function callApiWithKey(
  base: string,
  key: string,
): Promise<{ response: Response; operation: string }> {
  const response = await fetch(`${base}/v1/rfc/verify`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ rfc: "EKU9003173C9" }),
  });
  return { response, operation: "rfc/verify" };
}
