// A browser by hand for the OAuth round trip over real HTTP: it keeps the cookies the servers set, sends each
// back to the paths it was set for (by name and path only: every server here is on 127.0.0.1, and browsers do
// not tell cookies apart by port), and takes one hop at a time so a test can look at every redirect.

interface StoredCookie {
  readonly value: string;
  readonly path: string;
}

export interface HandBrowser {
  /** GET `url` with this browser's cookies; a redirect is answered, not followed. */
  get(url: string | URL): Promise<Response>;
  /** GETs `url` and follows its redirects; returns the last answer and every address asked, in order. */
  follow(url: string | URL): Promise<{ readonly response: Response; readonly visited: readonly string[] }>;
  /** POSTs a form as a page of `url`'s origin would: its cookies, `Origin` and `Sec-Fetch-Site: same-origin`. */
  postForm(url: string | URL, fields: Readonly<Record<string, string>>): Promise<Response>;
  /** The cookie's value, if this browser holds one of that name. */
  cookie(name: string): string | undefined;
  /** A second browser holding the same cookies but `name` (copied, so they part from here on). */
  copyWithout(name: string): HandBrowser;
}

export function createHandBrowser(initial: ReadonlyMap<string, StoredCookie> = new Map()): HandBrowser {
  const cookies = new Map(initial);

  const cookieHeader = (url: URL) =>
    [...cookies]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");

  const keep = (response: Response) => {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? "/";
      cookies.set(name, { value, path });
    }
    return response;
  };

  const request = async (url: string | URL, init: RequestInit = {}) => {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = cookieHeader(target);
    if (cookie !== "") headers.set("cookie", cookie);
    return keep(await fetch(target, { ...init, headers, redirect: "manual" }));
  };

  const browser: HandBrowser = {
    get: (url) => request(url),
    async follow(url) {
      const visited = [new URL(url).href];
      let response = await request(url);
      while (response.status >= 300 && response.status < 400 && visited.length < 10) {
        const next = new URL(response.headers.get("location") ?? "", visited.at(-1)).href;
        await response.body?.cancel();
        visited.push(next);
        response = await request(next);
      }
      return { response, visited };
    },
    postForm: (url, fields) =>
      request(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: new URL(url).origin,
          "sec-fetch-site": "same-origin",
        },
        body: new URLSearchParams(fields).toString(),
      }),
    cookie: (name) => cookies.get(name)?.value,
    copyWithout(name) {
      const copied = new Map(cookies);
      copied.delete(name);
      return createHandBrowser(copied);
    },
  };
  return browser;
}
