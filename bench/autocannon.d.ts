// The part of autocannon's API that bench/api.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: object) => object;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  interface Result {
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p90: number; p99: number; average: number; max: number };
    requests: { average: number; total: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
