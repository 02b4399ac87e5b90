/**
 * A reducer over a list of actions, from its initial state unless told otherwise: how tests (and
 * replays of answers) reach a state the way the running store would.
 */
export function replayWith<S, A>(
  reducer: (state: S, action: A) => S,
  initial: S,
): (actions: readonly A[], from?: S) => S {
  return (actions, from = initial) => actions.reduce(reducer, from);
}
