import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { alertRoutes } from '@sitewalk/shared/contract/alert';
import { createAlertInbox } from '../domain/alerts.ts';

const db = dataFromEnv();
const alerts = createAlertInbox({ db });

export const implementations: Implementations<'alert'> = {
  'alert.some': ({ actor, query }) => alerts.list(actor, query),
  'alert.unreadCount': ({ actor }) => alerts.unreadCount(actor),
  'alert.markRead': ({ actor, params, body }) => alerts.markRead(actor, params.id, body.read),
  'alert.markAllRead': ({ actor }) => alerts.markAllRead(actor),
  'alert.preferences': ({ actor }) => alerts.preferences(actor),
  'alert.setPreferences': ({ actor, body }) => alerts.setPreferences(actor, body),
};

export const handler = createResourceHandler('alert', alertRoutes, implementations, withActors(db));
