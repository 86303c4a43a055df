import type { FieldValues, Resolver } from 'react-hook-form';

type SignInLogic = typeof import('./sign-in-logic.ts');

let loading: Promise<SignInLogic> | null = null;

/** sign-in-logic.ts, loaded once; a failed load (no network) is tried again next time. */
export const loadSignInLogic = (): Promise<SignInLogic> =>
  (loading ??= import('./sign-in-logic.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  }));

/** A form's resolver from the lazily loaded logic: a submit before any key press waits for it. */
export const lazyResolver =
  <Input extends FieldValues, Output>(
    pick: (logic: SignInLogic) => Resolver<Input, unknown, Output>,
  ): Resolver<Input, unknown, Output> =>
  async (values, context, options) =>
    pick(await loadSignInLogic())(values, context, options);

/** On a form: the logic starts loading at the first key or pointer press in it (import on interaction). */
export const loadOnInteraction = {
  onKeyDown: () => void loadSignInLogic().catch(() => undefined),
  onPointerDown: () => void loadSignInLogic().catch(() => undefined),
};

/** What a page says when the logic or the API cannot be reached. */
export const UNREACHABLE = 'SiteWalk could not be reached. Check your internet connection and try again.';
