import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { html } from '../../http/html-template.ts';
import { NOTHING_ALLOWED, policyText } from '../../http/content-security-policy.ts';

// response_mode=form_post (OAuth 2.0 Form Post Response Mode): a page whose form carries the answer to the
// client's redirect URI and submits itself, as Keycloak's does. Its one inline script is allowed by hash.
const SUBMIT = 'document.forms[0].submit();';
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT).digest('base64')}'`;

export function sendFormPost(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string | undefined>,
): FastifyReply {
  const fields = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  const page = html`<!doctype html>
<html><head><meta charset="utf-8"><title>Submit This Form</title></head>
<body><form method="post" action="${redirectUri}">${fields}<noscript><p>JavaScript is disabled. Click the button below to continue.</p><input type="submit" value="Continue"></noscript></form>
<script>${SUBMIT}</script></body></html>`;
  return reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      policyText({
        ...NOTHING_ALLOWED,
        'script-src': [SUBMIT_HASH],
        'form-action': [new URL(redirectUri).origin],
        'base-uri': ["'none'"],
      }),
    )
    .header('referrer-policy', 'no-referrer')
    .send(page.value);
}
