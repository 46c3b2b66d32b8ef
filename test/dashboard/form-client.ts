// A cookie-keeping HTTP client for the dashboard's forms, for tests that need no browser.
export interface FormClient {
  cookies: Map<string, string>;
  get(path: string): Promise<{ status: number; text: string; location: string | null }>;
  post(
    path: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; text: string; location: string | null }>;
  /** The `_csrf` value of the first form on a page. */
  csrfOf(path: string): Promise<string>;
}

/** `headers` go with every request (e.g. the X-Forwarded-For a proxy would add). */
export function formClient(base: string, headers: Record<string, string> = {}): FormClient {
  const cookies = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(base + path, {
      ...init,
      redirect: "manual",
      headers: { ...headers, ...(init.headers as Record<string, string>), cookie },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return {
      status: response.status,
      text: await response.text(),
      location: response.headers.get("location"),
    };
  };
  return {
    cookies,
    get: (path) => send(path),
    post: (path, fields) =>
      send(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }),
    async csrfOf(path) {
      const page = await send(path);
      const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
      if (!match) throw new Error(`no CSRF token on ${path} (status ${page.status})`);
      return match[1];
    },
  };
}

/** Signs a new user up through the form; the client keeps the session cookie. */
export async function signUp(client: FormClient, email: string, password = "a long enough password") {
  const _csrf = await client.csrfOf("/signup");
  const response = await client.post("/signup", { _csrf, email, password });
  if (response.status !== 303) throw new Error(`sign-up failed with ${response.status}: ${response.text}`);
  return response;
}
