import { h } from './ui/dom';

/**
 * The service's API token, when it wants one (docs/configuration.md, "Security"): asked for once, when the
 * server answers 401, and kept in sessionStorage only, so it is gone when the browser session
 * ends and never shared with other origins.
 */
const KEY = 'arus.apiToken';

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export const sessionTokenStore: TokenStore = {
  get: () => {
    try {
      return window.sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set: (token) => {
    try {
      if (token === null) window.sessionStorage.removeItem(KEY);
      else window.sessionStorage.setItem(KEY, token);
    } catch {
      // storage disabled: the token lasts for this page only
    }
  },
};

const store: TokenStore = sessionTokenStore;
let pending: Promise<string | null> | null = null;

export function currentToken(): string | null {
  return store.get();
}

export function forgetToken(): void {
  store.set(null);
}

/** The token as a WebSocket subprotocol: a browser cannot set headers on a WebSocket. */
export function tokenProtocol(token: string): string {
  const bytes = new TextEncoder().encode(token);
  let binary = '';
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return `arus.token.${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The subprotocols of a live WebSocket: the feed's own, then the token's when there is one. */
export function liveProtocols(token: string | null = currentToken()): string[] {
  return token ? ['arus.live', tokenProtocol(token)] : ['arus.live'];
}

/**
 * Asks the user for the token (one dialog at a time, however many requests were refused) and
 * keeps it; resolves to null when the user cancels.
 */
export function askForToken(reason: string): Promise<string | null> {
  if (pending) return pending;
  pending = new Promise<string | null>((resolve) => {
    const input = h('input', { type: 'password', id: 'api-token', autocomplete: 'off', 'aria-label': 'API token' });
    const form = h('form', { class: 'token-form', method: 'dialog' },
      h('h2', {}, 'API token needed'),
      h('p', {}, reason),
      h('label', { for: 'api-token' }, 'Token (kept for this browser session only)'),
      input,
      h('div', { class: 'actions' },
        h('button', { class: 'btn', type: 'button', 'data-action': 'cancel-token' }, 'Cancel'),
        h('button', { class: 'btn btn-primary', type: 'submit', 'data-action': 'save-token' }, 'Use token')));
    const dialog = h('dialog', { class: 'token-dialog' }, form);
    const finish = (token: string | null) => {
      if (token) store.set(token);
      dialog.close();
      dialog.remove();
      pending = null;
      resolve(token);
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const token = input.value.trim();
      finish(token === '' ? null : token);
    });
    form.querySelector('[data-action="cancel-token"]')?.addEventListener('click', () => finish(null));
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(null);
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    input.focus();
  });
  return pending;
}
