/**
 * Circuit breaker per tool (seed 002 §2.3: "同一工具 3 次瞬态失败即熔断"): after N
 * consecutive retryable failures the tool cools down, so a broken console or endpoint
 * is not hammered by a model or a hotkey held down. After the cool-down one call is
 * let through (half-open); its outcome closes or re-opens the breaker.
 */

export interface BreakerOptions {
  threshold: number;
  coolDownMs: number;
  now: () => number;
}

interface State {
  failures: number;
  openUntil: number;
}

export class CircuitBreaker {
  private states = new Map<string, State>();

  constructor(private readonly opts: BreakerOptions) {}

  /** ms until the tool may be called again, or 0 when it may be called now. */
  blockedFor(tool: string): number {
    const s = this.states.get(tool);
    if (!s || s.openUntil === 0) return 0;
    return Math.max(0, s.openUntil - this.opts.now());
  }

  record(tool: string, outcome: 'success' | 'retryable_failure' | 'other'): void {
    if (outcome === 'other') return;
    const s = this.states.get(tool) ?? { failures: 0, openUntil: 0 };
    if (outcome === 'success') {
      this.states.delete(tool);
      return;
    }
    s.failures += 1;
    if (s.failures >= this.opts.threshold) s.openUntil = this.opts.now() + this.opts.coolDownMs;
    this.states.set(tool, s);
  }
}
