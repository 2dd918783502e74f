/** The form asking for the service's admin token, with the reason it is asked again when one was refused. */
import { h } from '../../../report/view/dom.js';

/** A form that calls `onToken` with what was typed; `error` is shown under the field. */
export function tokenForm(onToken: (token: string) => void, error?: string): HTMLFormElement {
  const input = h('input', {
    id: 'admin-token',
    name: 'token',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
    'aria-describedby': 'admin-token-error admin-token-hint',
    'aria-invalid': error === undefined ? undefined : 'true',
  });
  const message = h('p', { id: 'admin-token-error', class: 'field-error', hidden: error === undefined }, error ?? '');
  const form = h(
    'form',
    { class: 'token-form', novalidate: true },
    h('label', { for: 'admin-token' }, 'Admin token'),
    h('div', { class: 'url-row' }, input, message, h('button', { class: 'primary', type: 'submit' }, 'Open monitors')),
    h(
      'p',
      { id: 'admin-token-hint', class: 'hint' },
      "The service's HOPLENS_ADMIN_TOKEN. Kept in this tab only and sent to this service as a Bearer token.",
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (token === '') {
      message.textContent = 'Enter the admin token.';
      message.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    onToken(token);
  });
  window.setTimeout(() => input.focus(), 0);
  return form;
}
