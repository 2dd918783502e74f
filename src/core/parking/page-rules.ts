import { wordsSignal } from './page-words.js';
import type { ParkedSignal } from './parked-signal.js';
import { resourceSignal } from './resource-rules.js';

/** How much of a page the rules read: a lander is small, and what gives it away is near its start. */
const PAGE_READ = 64 * 1024;

/**
 * The landers that are an empty shell filled in by script: Bodis's and ParkingCrew's (a `window.park` token and the
 * `data-adblockkey` they sign the page with; observed on both), and GoDaddy's, whose page only sends the browser to
 * `/lander` (observed). A site's own page never ships either.
 */
function shellSignal(html: string): ParkedSignal | undefined {
  if (/\bwindow\.park\s*=\s*["']/.test(html) || /<html\b[^>]*\bdata-adblockkey=/i.test(html)) {
    return { service: 'generic', kind: 'parking', signal: 'the window.park lander that Bodis and ParkingCrew serve' };
  }
  if (html.length < 400 && /location(?:\.href)?\s*=\s*["']\/lander["']/.test(html)) {
    return { service: 'godaddy', kind: 'parking', signal: 'a page that only sends the browser to /lander' };
  }
  return undefined;
}

/** The character references landers' titles use, read as their characters. */
function decoded(text: string): string {
  return text
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"');
}

function firstText(html: string, element: string): string {
  const found = new RegExp(`<${element}\\b[^>]*>([\\s\\S]*?)</${element}>`, 'i').exec(html);
  return found === null ? '' : visible(found[1] ?? '');
}

function visible(html: string): string {
  const text = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return decoded(text).replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * A final page's signs of parking: a resource only a lander loads, a lander's script shell, or its words about its own
 * domain (src/core/parking/page-words.ts). `url` is the page's.
 */
export function pageSignal(body: string, url: string): ParkedSignal | undefined {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    return undefined;
  }
  const html = body.length > PAGE_READ ? body.slice(0, PAGE_READ) : body;
  const found = resourceSignal(html, base) ?? shellSignal(html);
  if (found !== undefined) return found;
  const domain = base.hostname.toLowerCase().replace(/^(?:www|ww\d+)\./, '');
  const content = /<body\b[\s\S]*$/i.exec(html)?.[0] ?? html;
  return wordsSignal(
    { title: firstText(html, 'title'), heading: firstText(html, 'h1'), text: visible(content) },
    domain,
  );
}
