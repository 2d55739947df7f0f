// Issue 53: the server writes HTML one way, with server/http/html-template.ts's template. The sign-in pages and the recipe
// page's head and first screen use it; nothing else in the server escapes HTML by hand (the sitemap, XML, is the one
// other user of the escaper).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Html, html, scriptData } from '../../../server/http/html-template.ts';

const root = new URL('../../../', import.meta.url).pathname;

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

describe("html`` (the server's one HTML writer)", () => {
  it('escapes every value, in text and in attributes', () => {
    const evil = `"><script>alert('x')</script>&`;
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">' +
        '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it("takes another template's markup as it is, arrays of parts in order, and writes nothing for a boolean or nothing", () => {
    const items = ['a<b', 'c&d'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul>');
    expect(html`<p>${false}${true}${null}${undefined}${0}${html`<br>`}${['<', html`<i>`]}</p>`.value).toBe(
      '<p>0<br>&lt;<i></p>',
    );
    expect(String(html`<b>${'&'}</b>`)).toBe('<b>&amp;</b>');
  });

  it('takes a data block only without "<", so no text can end it', () => {
    expect(html`<script type="application/ld+json">${scriptData('{"a":"\\u003c/script>"}')}</script>`.value).toBe(
      '<script type="application/ld+json">{"a":"\\u003c/script>"}</script>',
    );
    expect(() => scriptData('{"a":"</script><script>alert(1)</script>"}')).toThrow('"<"');
  });

  it('is the only HTML escaping in the server but for the sitemap (XML); markup is made nowhere else', () => {
    const files = serverFiles(join(root, 'server'));
    const escaping = files.filter((f) => /\bescapeHtml\b/.test(readFileSync(join(root, f), 'utf8')));
    expect(escaping.sort()).toEqual([
      'server/http/escape-html.ts',
      'server/http/html-template.ts',
      'server/site/sitemap.ts',
    ]);
    // Only the writer makes an Html from a string.
    const making = files.filter((f) => /new Html\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(making).toEqual(['server/http/html-template.ts']);
    expect(html`x`).toBeInstanceOf(Html);
  });
});
