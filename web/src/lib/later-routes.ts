import { auditRoutes } from '@sitewalk/shared/contract/audit';
import { exportRoutes } from '@sitewalk/shared/contract/export';
import { geoRoutes } from '@sitewalk/shared/contract/geo';
import { healthRoutes } from '@sitewalk/shared/contract/health';
import { lockCheckRoutes } from '@sitewalk/shared/contract/lockCheck';
import { scheduleRoutes } from '@sitewalk/shared/contract/schedule';
import { taskRoutes } from '@sitewalk/shared/contract/task';
import { walkRoutes } from '@sitewalk/shared/contract/walk';

/** The routes the SPA builds when a screen first calls one of them (routes.ts says why). */
export const laterRoutes = {
  ...healthRoutes,
  ...walkRoutes,
  ...lockCheckRoutes,
  ...taskRoutes,
  ...scheduleRoutes,
  ...exportRoutes,
  ...geoRoutes,
  ...auditRoutes,
};
