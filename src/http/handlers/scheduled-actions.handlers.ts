import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import { created, ok, type HandlerMap } from '../handler.ts';
import { presentScheduledAction, presentScheduledActionPage } from '../presenters/scheduled-actions.presenter.ts';

export function scheduledActionsHandlers({ scheduledActions }: Services) {
  return {
    ScheduledActions_list: async (req) =>
      ok(
        presentScheduledActionPage(await scheduledActions.list(rightsOf(req.grant), req.params.space_id, req.rawQuery)),
      ),

    ScheduledActions_create: async (req) => {
      const action = await scheduledActions.create(req.actor, rightsOf(req.grant), req.params.space_id, req.body);
      return created(
        presentScheduledAction(action),
        `${req.baseUrl}/spaces/${action.spaceId}/scheduled_actions/${action.id}?environment.sys.id=${action.environmentId}`,
      );
    },

    ScheduledActions_get: async (req) =>
      ok(
        presentScheduledAction(
          await scheduledActions.get(
            rightsOf(req.grant),
            req.params.space_id,
            req.query['environment.sys.id'],
            req.params.scheduled_action_id,
          ),
        ),
      ),

    ScheduledActions_update: async (req) =>
      ok(
        presentScheduledAction(
          await scheduledActions.update(
            req.actor,
            rightsOf(req.grant),
            req.params.space_id,
            req.query['environment.sys.id'],
            req.params.scheduled_action_id,
            req.version,
            req.body,
          ),
        ),
      ),

    ScheduledActions_cancel: async (req) =>
      ok(
        presentScheduledAction(
          await scheduledActions.cancel(
            req.actor,
            rightsOf(req.grant),
            req.params.space_id,
            req.query['environment.sys.id'],
            req.params.scheduled_action_id,
          ),
        ),
      ),
  } satisfies Partial<HandlerMap>;
}
