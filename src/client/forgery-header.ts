// Forgery protection (section 7): a write carries the XSRF-TOKEN cookie's value in X-XSRF-TOKEN. Only requests to a
// same-origin relative URL get it: an absolute API address (another origin) must never receive the cookie's value.
// One place for api.ts's fetch and photo-upload.ts's XMLHttpRequest.

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(cookies: string, name: string): string | undefined {
  const hit = cookies.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

/** The header a write to `url` sends: empty for an absolute URL or when there is no cookie. */
export function forgeryHeader(url: string, cookies: string = document.cookie): Record<string, string> {
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
  const value = relative ? readCookie(cookies, XSRF_COOKIE) : undefined;
  return value ? { [XSRF_HEADER]: value } : {};
}
