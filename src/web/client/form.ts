/**
 * The form: reading and filling it, the user-agent presets, the render controls (offered only where the instance
 * renders), and errors shown next to the field they concern.
 */
import { DEFAULTS, LIMITS, OPTION_TABLE } from '../../core/portable/index.js';
import { byId, h } from '../../report/view/dom.js';
import { RENDER_META_NAME, renderAllowed } from '../render-meta.js';
import {
  type AnalyzeParams,
  DEFAULT_CRAWLER,
  DEFAULT_MAX_HOPS,
  DEFAULT_RENDER_WAIT,
  DEFAULT_TIMEOUT,
  hasOptions,
  normalizeUrlInput,
  PAGE_INTEGER_OPTIONS,
  PAGE_OPTIONS,
} from './query-params.js';
import { RequestHeadersField } from './request-headers.js';
import { CRAWLER_TOKENS, CUSTOM_PRESET, presetFor, USER_AGENT_PRESETS } from './user-agents.js';

/** The fields the service may name in a 400, by query parameter. */
const FIELDS = ['url', ...PAGE_OPTIONS] as const;
type Field = (typeof FIELDS)[number];

function isField(name: string): name is Field {
  return (FIELDS as readonly string[]).includes(name);
}

export class AnalyzeForm {
  readonly form = byId('analyze-form', HTMLFormElement);
  readonly url = byId('url', HTMLInputElement);
  readonly maxHops = byId('maxHops', HTMLInputElement);
  readonly timeout = byId('timeout', HTMLInputElement);
  readonly userAgent = byId('userAgent', HTMLInputElement);
  readonly preset = byId('uaPreset', HTMLSelectElement);
  readonly crawler = byId('crawler', HTMLInputElement);
  readonly clientRedirects = byId('clientRedirects', HTMLInputElement);
  readonly asBrowser = byId('asBrowser', HTMLInputElement);
  readonly render = byId('render', HTMLInputElement);
  readonly renderWait = byId('renderWait', HTMLInputElement);
  readonly renderOptions = byId('renderOptions', HTMLFieldSetElement);
  /** Whether this instance renders pages: index.html says so (src/web/render-meta.ts). */
  readonly renderAllowed = renderAllowed(
    document.querySelector(`meta[name="${RENDER_META_NAME}"]`)?.getAttribute('content'),
  );
  readonly options = byId('options', HTMLDetailsElement);
  readonly submit = byId('submit', HTMLButtonElement);
  /** Runs the variants view of the URL (`GET /api/variants`) instead of its analysis. */
  readonly variants = byId('variants', HTMLButtonElement);
  readonly headers = new RequestHeadersField();

  constructor() {
    this.showDefaults();
    this.renderOptions.hidden = !this.renderAllowed;
    for (const preset of USER_AGENT_PRESETS) this.preset.append(h('option', { value: preset.id }, preset.label));
    this.preset.append(h('option', { value: CUSTOM_PRESET }, 'Custom…'));
    const crawlers = byId('crawlerNames', HTMLDataListElement);
    for (const token of CRAWLER_TOKENS) crawlers.append(h('option', { value: token }));
    this.preset.addEventListener('change', () => {
      const chosen = USER_AGENT_PRESETS.find((preset) => preset.id === this.preset.value);
      if (chosen !== undefined) this.userAgent.value = chosen.value;
      else this.userAgent.focus();
      this.clearError('userAgent');
    });
    this.userAgent.addEventListener('input', () => {
      this.preset.value = presetFor(this.userAgent.value);
    });
    for (const name of FIELDS) this.input(name).addEventListener('input', () => this.clearError(name));
  }

  /**
   * The fields' ranges, defaults and hints, from the option table rather than index.html, so that the page cannot
   * offer what the service refuses.
   */
  private showDefaults(): void {
    for (const name of PAGE_INTEGER_OPTIONS) {
      const { min, max } = LIMITS[name];
      this[name].min = String(min);
      this[name].max = String(max);
      this[name].defaultValue = String(DEFAULTS[name]);
      for (const hint of document.querySelectorAll(`[data-range="${name}"]`)) hint.textContent = `${min} to ${max}`;
    }
    this.userAgent.placeholder = DEFAULTS.userAgent;
    this.crawler.placeholder = DEFAULTS.crawler;
    this.crawler.maxLength = OPTION_TABLE.crawler.maxLength;
    this.clientRedirects.defaultChecked = DEFAULTS.clientRedirects === 'follow';
    this.asBrowser.defaultChecked = DEFAULTS.asBrowser;
  }

  private input(name: Field): HTMLInputElement {
    return this[name];
  }

  /** The query the form describes; the URL field gets the normalized URL written back. */
  read(): AnalyzeParams {
    const url = normalizeUrlInput(this.url.value);
    if (url !== this.url.value) this.url.value = url;
    const render = this.renderAllowed && this.render.checked;
    const headers = this.headers.read();
    return {
      ...(headers.length === 0 ? {} : { headers }),
      url,
      maxHops: this.maxHops.value.trim() || DEFAULT_MAX_HOPS,
      timeout: this.timeout.value.trim() || DEFAULT_TIMEOUT,
      userAgent: this.userAgent.value,
      crawler: this.crawler.value.trim() || DEFAULT_CRAWLER,
      clientRedirects: this.clientRedirects.checked ? 'follow' : 'report',
      asBrowser: this.asBrowser.checked ? 'true' : 'false',
      render: render ? 'true' : 'false',
      // The wait means nothing without rendering: left at its default, it stays out of the address.
      renderWait: render ? this.renderWait.value.trim() || DEFAULT_RENDER_WAIT : DEFAULT_RENDER_WAIT,
    };
  }

  /** Shows a query (from a shared address); unfolds the options when they differ from the defaults. */
  fill(params: AnalyzeParams): void {
    this.url.value = params.url;
    this.maxHops.value = params.maxHops;
    this.timeout.value = params.timeout;
    this.userAgent.value = params.userAgent;
    this.preset.value = presetFor(params.userAgent);
    // The default stays a placeholder, so that a person sees it is the default and can type over it.
    this.crawler.value = params.crawler === DEFAULT_CRAWLER ? '' : params.crawler;
    this.clientRedirects.checked = params.clientRedirects !== 'report';
    this.asBrowser.checked = params.asBrowser === 'true';
    this.render.checked = params.render === 'true';
    this.renderWait.value = params.renderWait;
    this.headers.fill(params.headers ?? []);
    if (hasOptions(params)) this.options.open = true;
    this.clearErrors();
  }

  /**
   * Shows `message` next to the field for `parameter` and focuses it. False when the parameter is no field of the
   * form, or one this instance does not show (render, where it does not render), for the caller to show the message
   * elsewhere.
   */
  showError(parameter: string | undefined, message: string): boolean {
    if (parameter !== undefined && !isField(parameter)) {
      return this.headers.showError(parameter, message, () => {
        this.options.open = true;
      });
    }
    if (parameter === undefined) return false;
    const input = this.input(parameter);
    if (input.closest('[hidden]') !== null) return false;
    const slot = byId(`${parameter}-error`, HTMLParagraphElement);
    slot.textContent = message;
    slot.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    if (parameter !== 'url') this.options.open = true;
    input.focus();
    return true;
  }

  clearError(name: Field): void {
    const slot = document.getElementById(`${name}-error`);
    if (slot !== null) {
      slot.textContent = '';
      slot.hidden = true;
    }
    this.input(name).removeAttribute('aria-invalid');
  }

  clearErrors(): void {
    for (const name of FIELDS) this.clearError(name);
    this.headers.clearError();
  }
}
