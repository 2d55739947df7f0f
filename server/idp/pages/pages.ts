import { html, type Html } from '../../http/html-template.ts';
import { REALM_DISPLAY_NAME } from './html.ts';
import type { FieldErrors } from '../users/profile-rules.ts';

// Page bodies with Keycloak's element ids and Swedish words (theme keycloak.v2, messages_sv), so one
// end-to-end suite drives both providers.
export const INVALID_CREDENTIALS = 'Ogiltigt användarnamn eller lösenord.';
export const REGISTRATIONS_EXHAUSTED = 'För många nya konton från din adress. Försök igen om en timme.';
export const THROTTLED = 'För många misslyckade inloggningsförsök. Vänta några minuter och försök igen.';
/** The client's `name` in the realm file; Keycloak's account console links back with `Tillbaka till <name>`. */
export const CLIENT_NAME = 'receptboken';
/** Keycloak's `loginTitle` with the realm's displayName: the title of every page it shows, error pages too. */
export const PAGE_TITLE = `Logga in till ${REALM_DISPLAY_NAME}`;
export const LOGIN_HEADING = 'Logga in till ditt konto';
export const REGISTER_HEADING = 'Registrera';
export const ACCOUNT_HEADING = 'Personlig information';
export const ERROR_TITLE = 'Vi ber om ursäkt...';
export const CLIENT_NOT_FOUND = 'Klienten hittades ej.';
export const INVALID_REDIRECT = 'Ogiltig omdirigeringsadress';

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

type FieldSpec = {
  id: string;
  label: string;
  type: string;
  value?: string;
  autocomplete: string;
  error?: string;
  readonly?: boolean;
  autofocus?: boolean;
};

/** Keycloak's error slot: `#input-error-<id>` inside `#input-error-container-<id>`, right after the input. */
function errorSlot(id: string, error?: string): Html {
  return html`<div id="input-error-container-${id}" aria-live="polite">${
    error ? html`<span id="input-error-${id}" class="kc-feedback-text">${error}</span>` : ''
  }</div>`;
}

/** A labelled input; only a field with an error is aria-invalid (and described by its error). */
function field(f: FieldSpec): Html {
  return html`<div>
<label for="${f.id}">${f.label}</label>
<input id="${f.id}" name="${f.id}" type="${f.type}" value="${f.value ?? ''}" autocomplete="${f.autocomplete}"${f.readonly ? html` readonly` : ''}${
    f.autofocus ? html` autofocus` : ''
  }${f.error ? html` aria-invalid="true" aria-describedby="input-error-${f.id}"` : ''}>
${errorSlot(f.id, f.error)}
</div>`;
}

// As Keycloak: the one login error sits under the username field and only that field is marked invalid.
export function loginBody(options: {
  action: string;
  csrf: string;
  username: string;
  error?: string;
  registerHref?: string;
}): Html {
  return html`<form id="kc-form-login" method="post" action="${options.action}" novalidate>
${hidden('csrf', options.csrf)}
${field({ id: 'username', label: 'Användarnamn eller e-post', type: 'text', value: options.username, autocomplete: 'username', autofocus: true, error: options.error })}
${field({ id: 'password', label: 'Lösenord', type: 'password', autocomplete: 'current-password' })}
<button id="kc-login" name="login" type="submit">Logga in</button>
</form>
${options.registerHref ? html`<p class="muted" id="kc-registration">Ny användare? <a href="${options.registerHref}">Registrera</a></p>` : ''}`;
}

export type RegisterValues = { firstName: string; lastName: string; email: string; username: string };

// Keycloak's field order (username, passwords, then the other profile attributes) and its unnamed submit input.
export function registerBody(options: {
  action: string;
  csrf: string;
  values: RegisterValues;
  errors: FieldErrors;
  loginHref: string;
}): Html {
  const values = options.values;
  const errors = options.errors;
  return html`<form id="kc-register-form" method="post" action="${options.action}" novalidate>
${hidden('csrf', options.csrf)}
${field({ id: 'username', label: 'Användarnamn', type: 'text', value: values.username, autocomplete: 'username', error: errors.username })}
${field({ id: 'password', label: 'Lösenord', type: 'password', autocomplete: 'new-password', error: errors.password })}
${field({ id: 'password-confirm', label: 'Bekräfta lösenord', type: 'password', autocomplete: 'new-password', error: errors.passwordConfirm })}
${field({ id: 'email', label: 'E-post', type: 'email', value: values.email, autocomplete: 'email', error: errors.email })}
${field({ id: 'firstName', label: 'Förnamn', type: 'text', value: values.firstName, autocomplete: 'given-name', error: errors.firstName })}
${field({ id: 'lastName', label: 'Efternamn', type: 'text', value: values.lastName, autocomplete: 'family-name', error: errors.lastName })}
<input type="submit" value="Registrera">
</form>
<p class="muted"><a href="${options.loginHref}">« Tillbaka till inloggningen</a></p>`;
}

export function logoutConfirmBody(options: {
  action: string;
  csrf: string;
  fields: Record<string, string | undefined>;
}): Html {
  const extra = Object.entries(options.fields).filter((entry): entry is [string, string] => !!entry[1]);
  return html`<p>Vill du logga ut?</p>
<form method="post" action="${options.action}">
${hidden('csrf', options.csrf)}
${extra.map(([name, value]) => hidden(name, value))}
<button id="kc-logout" name="confirmLogout" value="true" type="submit">Logga ut</button>
</form>`;
}

/** Keycloak's error.ftl: the message in #kc-error-message and, when the client is known, a link back to it. */
export function errorBody(message: string, backHref?: string): Html {
  return html`<div id="kc-error-message"><p class="alert alert-error" role="alert">${message}</p>${
    backHref ? html`\n<p><a id="backToApplication" href="${backHref}">« Tillbaka till applikationen</a></p>` : ''
  }</div>`;
}

export function messageBody(options: {
  message: string;
  kind?: 'error' | 'info';
  linkHref?: string;
  linkText?: string;
}): Html {
  return html`<p class="alert ${options.kind === 'error' ? 'alert-error' : 'alert-success'}" role="${options.kind === 'error' ? 'alert' : 'status'}">${options.message}</p>
${options.linkHref ? html`<p><a href="${options.linkHref}">${options.linkText ?? 'Tillbaka'}</a></p>` : ''}`;
}

export type AccountValues = { firstName: string; lastName: string; email: string };

export function accountBody(options: {
  action: string;
  csrf: string;
  username: string;
  values: AccountValues;
  errors: FieldErrors;
  saved: boolean;
  backHref?: string;
  logoutAction: string;
}): Html {
  const values = options.values;
  const errors = options.errors;
  return html`${options.saved ? html`<p class="alert alert-success" role="status">Ditt konto har uppdaterats.</p>` : ''}
${options.backHref ? html`<p><a id="referrer-link" data-testid="referrer-link" href="${options.backHref}">Tillbaka till ${CLIENT_NAME}</a></p>` : ''}
<p class="muted">Hantera din grundläggande information</p>
<form id="kc-account-form" method="post" action="${options.action}" novalidate>
${hidden('csrf', options.csrf)}
${field({ id: 'username', label: 'Användarnamn', type: 'text', value: options.username, autocomplete: 'username', readonly: true })}
${field({ id: 'email', label: 'E-post', type: 'email', value: values.email, autocomplete: 'email', error: errors.email })}
${field({ id: 'firstName', label: 'Förnamn', type: 'text', value: values.firstName, autocomplete: 'given-name', error: errors.firstName })}
${field({ id: 'lastName', label: 'Efternamn', type: 'text', value: values.lastName, autocomplete: 'family-name', error: errors.lastName })}
<fieldset>
<legend>Byt lösenord (frivilligt)</legend>
${field({ id: 'password-current', label: 'Nuvarande lösenord', type: 'password', autocomplete: 'current-password', error: errors.currentPassword })}
${field({ id: 'password-new', label: 'Nytt lösenord', type: 'password', autocomplete: 'new-password', error: errors.password })}
${field({ id: 'password-confirm', label: 'Bekräfta lösenord', type: 'password', autocomplete: 'new-password', error: errors.passwordConfirm })}
</fieldset>
<div class="actions"><button id="save-btn" type="submit">Spara</button></div>
</form>
<form method="post" action="${options.logoutAction}">${hidden('csrf', options.csrf)}<button class="secondary" type="submit">Logga ut</button></form>`;
}
