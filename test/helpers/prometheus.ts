/**
 * Reading a `/metrics` scrape as Prometheus would: the text parsed by an independent parser of the exposition format
 * (parse-prometheus-text-format, prom2json's output shape), then samples looked up by name and labels.
 * The format: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';

/** A parsed scrape. */
export class Scrape {
  readonly families: ReadonlyMap<string, PrometheusFamily>;

  constructor(text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  }

  family(name: string): PrometheusFamily | undefined {
    return this.families.get(name);
  }

  private sample(name: string, labels: Record<string, string>) {
    return this.family(name)?.metrics.find((metric) =>
      Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
    );
  }

  /** A counter's or gauge's value for the labels given (others ignored); 0 when the series is not there yet. */
  value(name: string, labels: Record<string, string> = {}): number {
    return Number(this.sample(name, labels)?.value ?? 0);
  }

  /**
   * An unlabelled histogram's observation count: its `+Inf` bucket, which the format defines as the count (the parser
   * keeps the buckets of a labelled histogram but drops its labels, count and sum; hoplens's histograms have none).
   */
  count(name: string): number {
    const sample = this.family(name)?.metrics[0];
    return Number(sample?.buckets?.['+Inf'] ?? sample?.count ?? 0);
  }
}

/** Scrapes `origin/metrics` with `token` as bearer token when given. */
export async function scrape(origin: string, token?: string): Promise<Scrape> {
  const response = await fetch(`${origin}/metrics`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return new Scrape(await response.text());
}
