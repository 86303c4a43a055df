import type { RouteName, Routes } from '@sitewalk/shared/contract/index';
import type { RouteBodyInput } from '@sitewalk/shared/contract/route';

/** The body a route takes, as the SPA sends it. */
export type BodyOf<N extends RouteName> = NonNullable<RouteBodyInput<Routes[N]>>;
