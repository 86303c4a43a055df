import type { AlertKind } from '@sitewalk/shared/schemas/alert';

/**
 * An alert as a check raises it (the evaluator's window checks, the overdue-task check). `domain/alerts.ts`
 * records it once per `key`, for the location's Managers and Assistant Managers, those above who asked for
 * it, and `alsoTo`, and mails each recipient who wants that kind by e-mail.
 */
export interface AlertDraft {
  kind: AlertKind;
  /**
   * What makes it one alert: a second raise with the same key, from any run, records and mails nothing.
   * `window#<locationId>#<windowId>#<date>#<kind>` for windows, `task#<taskId>#<dueAt>` for an overdue task.
   */
  key: string;
  locationId: number;
  window?: { id: string; label: string; date: string; opensAt: string; closesAt: string };
  walkReportId?: number;
  taskId?: number;
  /** One line a person reads. */
  message: string;
  /** Users to alert besides the location's own (a task's assignee). */
  alsoTo?: readonly number[];
}

export type RaiseAlert = (draft: AlertDraft) => Promise<'raised' | 'exists'>;

/** A check the evaluator runs on every run: it raises what is due by `now` and returns how many it raised. */
export type DueCheck = (now: Date, raise: RaiseAlert) => Promise<number>;
