import { html, type Html } from './html.ts';
import type { FieldErrors } from './validation.ts';

// Page bodies with Keycloak's element ids, so one end-to-end suite drives both providers.
export const INVALID_CREDENTIALS = 'Ogiltigt användarnamn eller lösenord.';
export const THROTTLED = 'För många misslyckade inloggningsförsök. Vänta några minuter och försök igen.';

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

type FieldSpec = { id: string; name: string; label: string; type: string; value?: string; autocomplete: string; error?: string; errorId: string };

function field(f: FieldSpec): Html {
  return html`<div>
<label for="${f.id}">${f.label}</label>
<input id="${f.id}" name="${f.name}" type="${f.type}" value="${f.value ?? ''}" autocomplete="${f.autocomplete}"${
    f.error ? html` aria-invalid="true" aria-describedby="${f.errorId}"` : ''
  }>
${f.error ? html`<span id="${f.errorId}" class="field-error" aria-live="polite">${f.error}</span>` : ''}
</div>`;
}

export function loginBody(o: { action: string; csrf: string; username: string; error?: string; registerHref?: string }): Html {
  return html`<form id="kc-form-login" method="post" action="${o.action}" novalidate>
${hidden('csrf', o.csrf)}
<div>
<label for="username">Användarnamn eller e-post</label>
<input id="username" name="username" type="text" value="${o.username}" autocomplete="username" autofocus${
    o.error ? html` aria-invalid="true" aria-describedby="input-error"` : ''
  }>
</div>
<div>
<label for="password">Lösenord</label>
<input id="password" name="password" type="password" autocomplete="current-password"${o.error ? html` aria-invalid="true"` : ''}>
${o.error ? html`<span id="input-error" aria-live="polite">${o.error}</span>` : ''}
</div>
<button id="kc-login" name="login" type="submit">Logga in</button>
</form>
${o.registerHref ? html`<p class="muted" id="kc-registration">Ny användare? <a href="${o.registerHref}">Registrera</a></p>` : ''}`;
}

export type RegisterValues = { firstName: string; lastName: string; email: string; username: string };

export function registerBody(o: { action: string; csrf: string; values: RegisterValues; errors: FieldErrors; loginHref: string }): Html {
  const v = o.values;
  const e = o.errors;
  return html`<form id="kc-register-form" method="post" action="${o.action}" novalidate>
${hidden('csrf', o.csrf)}
${field({ id: 'firstName', name: 'firstName', label: 'Förnamn', type: 'text', value: v.firstName, autocomplete: 'given-name', error: e.firstName, errorId: 'input-error-firstname' })}
${field({ id: 'lastName', name: 'lastName', label: 'Efternamn', type: 'text', value: v.lastName, autocomplete: 'family-name', error: e.lastName, errorId: 'input-error-lastname' })}
${field({ id: 'email', name: 'email', label: 'E-post', type: 'email', value: v.email, autocomplete: 'email', error: e.email, errorId: 'input-error-email' })}
${field({ id: 'username', name: 'username', label: 'Användarnamn', type: 'text', value: v.username, autocomplete: 'username', error: e.username, errorId: 'input-error-username' })}
${field({ id: 'password', name: 'password', label: 'Lösenord', type: 'password', autocomplete: 'new-password', error: e.password, errorId: 'input-error-password' })}
${field({ id: 'password-confirm', name: 'password-confirm', label: 'Bekräfta lösenord', type: 'password', autocomplete: 'new-password', error: e.passwordConfirm, errorId: 'input-error-password-confirm' })}
<button id="kc-register" type="submit">Registrera</button>
</form>
<p class="muted"><a href="${o.loginHref}">« Tillbaka till inloggningen</a></p>`;
}

export function logoutConfirmBody(o: { action: string; csrf: string; fields: Record<string, string | undefined> }): Html {
  const extra = Object.entries(o.fields).filter((e): e is [string, string] => !!e[1]);
  return html`<p>Vill du logga ut?</p>
<form method="post" action="${o.action}">
${hidden('csrf', o.csrf)}
${extra.map(([k, v]) => hidden(k, v))}
<button id="kc-logout" name="confirmLogout" value="true" type="submit">Logga ut</button>
</form>`;
}

export function messageBody(o: { message: string; kind?: 'error' | 'info'; linkHref?: string; linkText?: string }): Html {
  return html`<p class="alert ${o.kind === 'error' ? 'alert-error' : 'alert-success'}" role="${o.kind === 'error' ? 'alert' : 'status'}">${o.message}</p>
${o.linkHref ? html`<p><a href="${o.linkHref}">${o.linkText ?? 'Tillbaka'}</a></p>` : ''}`;
}

export type AccountValues = { firstName: string; lastName: string; email: string };

export function accountBody(o: {
  action: string;
  csrf: string;
  username: string;
  values: AccountValues;
  errors: FieldErrors;
  saved: boolean;
  backHref?: string;
  logoutAction: string;
}): Html {
  const v = o.values;
  const e = o.errors;
  return html`${o.saved ? html`<p class="alert alert-success" role="status">Ditt konto har uppdaterats.</p>` : ''}
<p class="muted">Inloggad som <strong id="account-username">${o.username}</strong></p>
<form id="kc-account-form" method="post" action="${o.action}" novalidate>
${hidden('csrf', o.csrf)}
${field({ id: 'firstName', name: 'firstName', label: 'Förnamn', type: 'text', value: v.firstName, autocomplete: 'given-name', error: e.firstName, errorId: 'input-error-firstname' })}
${field({ id: 'lastName', name: 'lastName', label: 'Efternamn', type: 'text', value: v.lastName, autocomplete: 'family-name', error: e.lastName, errorId: 'input-error-lastname' })}
${field({ id: 'email', name: 'email', label: 'E-post', type: 'email', value: v.email, autocomplete: 'email', error: e.email, errorId: 'input-error-email' })}
<fieldset>
<legend>Byt lösenord (frivilligt)</legend>
${field({ id: 'password-current', name: 'password-current', label: 'Nuvarande lösenord', type: 'password', autocomplete: 'current-password', error: e.currentPassword, errorId: 'input-error-password-current' })}
${field({ id: 'password-new', name: 'password-new', label: 'Nytt lösenord', type: 'password', autocomplete: 'new-password', error: e.password, errorId: 'input-error-password-new' })}
${field({ id: 'password-confirm', name: 'password-confirm', label: 'Bekräfta lösenord', type: 'password', autocomplete: 'new-password', error: e.passwordConfirm, errorId: 'input-error-password-confirm' })}
</fieldset>
<div class="actions"><button id="save-account" type="submit">Spara</button></div>
</form>
<div class="actions">
${o.backHref ? html`<a id="referrer-link" href="${o.backHref}">« Tillbaka till receptboken</a>` : ''}
<form method="post" action="${o.logoutAction}">${hidden('csrf', o.csrf)}<button class="secondary" type="submit">Logga ut</button></form>
</div>`;
}
