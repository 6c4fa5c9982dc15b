/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p90: number; p99: number; max: number; }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    pipelining?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
