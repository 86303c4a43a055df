import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** The CloudWatch namespace of SiteWalk's own metrics (the CDK app sets it as POWERTOOLS_METRICS_NAMESPACE). */
export const METRICS_NAMESPACE = 'SiteWalk';

/** The dimension naming the contract route of a request; every metric of an answer carries it. */
export const ROUTE_DIMENSION = 'route';

/**
 * The business metrics, read off each answer: a route's name and its status say what happened, so no
 * handler counts anything itself. `route` absent: any route.
 */
export const answerMetrics = {
  ReportsStarted: { route: 'walkReport.start', status: (status: number) => status < 300 },
  ReportsFinished: { route: 'walkReport.finish', status: (status: number) => status < 300 },
  FailedSignIns: { route: 'auth.login', status: (status: number) => status === 401 },
  Throttles: { status: (status: number) => status === 429 },
  ClientErrors: { status: (status: number) => status >= 400 && status < 500 },
  ServerErrors: { status: (status: number) => status >= 500 },
} satisfies Record<string, { route?: string; status: (status: number) => boolean }>;

export type AnswerMetric = keyof typeof answerMetrics;

/** The metrics one answer counts. */
export const metricsOfAnswer = (route: string, status: number): AnswerMetric[] =>
  (Object.entries(answerMetrics) as [AnswerMetric, { route?: string; status: (s: number) => boolean }][])
    .filter(([, when]) => (when.route === undefined || when.route === route) && when.status(status))
    .map(([name]) => name);

/**
 * One Metrics instance per function, in EMF on stdout. Namespace and service come from the environment
 * (POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_SERVICE_NAME); SITEWALK_STAGE adds the stage. Locally
 * POWERTOOLS_METRICS_DISABLED keeps it quiet.
 */
export const createMetrics = (serviceName: string): Metrics => {
  const stage = process.env.SITEWALK_STAGE;
  return new Metrics({ serviceName, ...(stage ? { defaultDimensions: { stage } } : {}) });
};

/** Counts one answer and flushes at once (nothing is stored for an answer that counts nothing). */
export const countAnswer = (metrics: Metrics, route: string, status: number): void => {
  const names = metricsOfAnswer(route, status);
  if (names.length === 0) return;
  metrics.addDimension(ROUTE_DIMENSION, route);
  for (const name of names) metrics.addMetric(name, MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
};
