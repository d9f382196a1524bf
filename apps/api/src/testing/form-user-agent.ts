/**
 * @module
 * A minimal browser for the OAuth sign-in pages in tests: keeps cookies, follows redirects by hand, posts forms.
 */

export class UserAgent {
  private readonly cookies = new Map<string, string>();

  /** `origin`: the server's URL; a redirect leaving it is not followed. */
  constructor(private readonly origin: string) {}

  /** The value of a cookie the server set and has not cleared. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...valueParts] = pair!.split("=");
      const value = valueParts.join("=");
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0\b/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.remember(response);
    return response;
  }

  /** Follows redirects within the server; stops at a page or at a redirect leaving it. */
  async follow(url: string, init: RequestInit = {}): Promise<{ url: string; response: Response }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get("location")!, current).href;
      if (!next.startsWith(this.origin)) return { url: next, response };
      current = next;
      response = await this.request(current);
    }
    return { url: current, response };
  }

  submit(pageUrl: string, action: string, fields: Record<string, string>) {
    return this.follow(new URL(action, pageUrl).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** The `action` of the page's form whose action ends with `ending` (`login`, `consent`, `abort`). */
export const formAction = (html: string, ending: string) => new RegExp(`action="([^"]*/${ending})"`).exec(html)?.[1] ?? "";
