import { decide, type Action, type Actor, type Kind, type PlacementOf } from '@sitewalk/shared/policy';
import { ForbiddenError, NotFoundError } from './errors.ts';

/**
 * Asks the policy about one object and turns its answer into HTTP: outside the actor's scope the object
 * is not found (404, whether or not it exists), a forbidden action on a visible object is a 403.
 */
export const authorize = <K extends Kind>(
  actor: Actor,
  action: Action<K>,
  placement: PlacementOf<K>,
  notFoundMessage: string,
): void => {
  const decision = decide(actor, action, placement);
  if (decision === 'not-found') throw new NotFoundError(notFoundMessage);
  if (decision === 'forbidden') throw new ForbiddenError();
};
