/** The domain's fan-outs share the data layer's bound (db/bounded.ts). */
export { FAN_OUT_CONCURRENCY, mapBounded } from '../db/bounded.ts';
