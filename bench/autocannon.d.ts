// The subset of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
    requests?: Request[];
    setupClient?: (client: { on: (event: string, cb: (...args: unknown[]) => void) => void }) => void;
  };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats?: Record<string, { count: number }>;
    "2xx": number;
    "4xx": number;
    "5xx": number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
