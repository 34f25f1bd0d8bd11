/** The part of autocannon's API the API benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    workers?: number;
    /** Seconds to wait for an answer before counting a timeout (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
