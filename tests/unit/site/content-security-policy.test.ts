import { describe, expect, it } from 'vitest';
import { NOTHING_ALLOWED, policyText } from '../../../server/http/content-security-policy.ts';
import { escapeHtml } from '../../../server/http/escape-html.ts';

describe('policyText (every CSP the product sends)', () => {
  it('is the locked-down policy the API sends for NOTHING_ALLOWED', () => {
    expect(policyText(NOTHING_ALLOWED)).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('writes the directives in one fixed order, whatever order a part states them in', () => {
    const a = policyText({ 'base-uri': ["'none'"], ...NOTHING_ALLOWED, 'script-src': ["'self'"] });
    const b = policyText({ 'script-src': ["'self'"], 'base-uri': ["'none'"], ...NOTHING_ALLOWED });
    expect(a).toBe("default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'");
    expect(b).toBe(a);
  });

  it('lets a part override a directive of the base in place, and leaves out what is not named', () => {
    expect(policyText({ ...NOTHING_ALLOWED, 'frame-ancestors': ["'self'", 'https://a.example'] })).toBe(
      "default-src 'none'; frame-ancestors 'self' https://a.example",
    );
    expect(policyText({})).toBe('');
  });
});

describe('escapeHtml (the one escaper of the server)', () => {
  it('escapes the five characters that end a text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('writes numbers and booleans as text and nothing for null and undefined', () => {
    expect(escapeHtml(3)).toBe('3');
    expect(escapeHtml(false)).toBe('false');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });
});
