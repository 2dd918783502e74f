// The baseline: what a person would write with undici and no analysis at all. Follows redirects by hand, drains each
// body, records nothing. hoplens is measured against this. Plain JavaScript, so that bare-check.mjs can run it in a
// process of its own without a TypeScript loader.
import { Agent, request } from 'undici';

export function createBareTracer(agent = new Agent({ keepAliveTimeout: 4_000 })) {
  return {
    agent,
    async trace(start, maxHops = 10) {
      let url = start;
      for (let hops = 1; hops <= maxHops; hops++) {
        const { statusCode, headers, body } = await request(url, { dispatcher: agent });
        await body.dump();
        const location = headers.location;
        if (statusCode < 300 || statusCode >= 400 || typeof location !== 'string') return statusCode;
        url = new URL(location, url).href;
      }
      return 0;
    },
  };
}
