import type { AnalysisResult } from '../core/index.js';
import { type LinkVerdict, linkVerdict } from './link-verdict.js';

/** Analyses one URL (the CLI's analyzer under the command's options). */
export type AnalyzeUrl = (url: string) => Promise<AnalysisResult>;

/** A URL followed: its analysis, or the error it failed with, and the verdict. */
export interface FollowedUrl {
  url: string;
  result?: AnalysisResult;
  error?: { code: string; message: string };
  verdict: LinkVerdict;
}

/**
 * Follows each distinct URL once, `concurrency` at a time, in the order given; stops starting new ones when the
 * signal is aborted (the URLs not started are absent from the map).
 */
export async function followLinks(
  urls: readonly string[],
  analyze: AnalyzeUrl,
  options: { concurrency: number; signal?: AbortSignal; onDone?: (followed: FollowedUrl) => void },
): Promise<Map<string, FollowedUrl>> {
  const done = new Map<string, FollowedUrl>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length && options.signal?.aborted !== true) {
      const url = urls[next++]!;
      let followed: FollowedUrl;
      try {
        const result = await analyze(url);
        followed = { url, result, verdict: linkVerdict(result) };
      } catch (error) {
        const given = (error as { code?: unknown }).code;
        const code = typeof given === 'string' ? given : 'INTERNAL_ERROR';
        const message = error instanceof Error ? error.message : String(error);
        followed = { url, error: { code, message }, verdict: linkVerdict({ error: `${code}: ${message}` }) };
      }
      done.set(url, followed);
      options.onDone?.(followed);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, urls.length)) }, worker));
  return done;
}
