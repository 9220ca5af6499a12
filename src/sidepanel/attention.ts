/**
 * Against confirmation fatigue and click-through (issue 14 item 5): a card's Confirm is
 * enabled only after the card has been on screen, unchanged, for a dwell time (HIGH: 2 s,
 * else 1 s), and only while the panel is visible and focused. Hiding the panel, losing
 * focus or a change of the card's content starts the dwell again.
 */
import { useEffect, useState } from 'preact/hooks';

export function attentive(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

export function useAttention(): boolean {
  const [on, setOn] = useState(attentive());
  useEffect(() => {
    const update = () => setOn(attentive());
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    // hasFocus() has no event of its own when the window is already focused at load.
    const poll = setInterval(update, 500);
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      clearInterval(poll);
    };
  }, []);
  return on;
}

/** True once `key` has stayed the same for `ms` while the panel had the agent's attention. */
export function useDwell(key: string, ms: number): { armed: boolean; attentive: boolean } {
  const on = useAttention();
  const [armedKey, setArmedKey] = useState<string | null>(null);
  useEffect(() => {
    setArmedKey(null);
    if (!on) return;
    const id = setTimeout(() => setArmedKey(key), ms);
    return () => clearTimeout(id);
  }, [key, ms, on]);
  return { armed: on && armedKey === key, attentive: on };
}
