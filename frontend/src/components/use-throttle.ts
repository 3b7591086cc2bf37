import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `run` at once, then at most once per `ms`: calls in between are folded into one at the end of
 * the wait, so the last call is always followed by a run. Nothing runs after unmounting.
 */
export function useThrottle(run: () => void, ms: number): () => void {
  const runRef = useRef(run);
  runRef.current = run;
  const state = useRef<{ timer?: ReturnType<typeof setTimeout>; pending: boolean }>({ pending: false });
  useEffect(
    () => () => {
      clearTimeout(state.current.timer);
      state.current = { pending: false };
    },
    [],
  );
  return useCallback(() => {
    const s = state.current;
    if (s.timer) {
      s.pending = true;
      return;
    }
    runRef.current();
    const wait = () => {
      s.timer = setTimeout(() => {
        s.timer = undefined;
        if (s.pending) {
          s.pending = false;
          runRef.current();
          wait();
        }
      }, ms);
    };
    wait();
  }, [ms]);
}
