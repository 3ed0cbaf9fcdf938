/**
 * Inertia after a drag: the release velocity is estimated from the last pointer samples and then
 * decays exponentially, so the map glides and stops the way touch users expect.
 */

export interface Velocity {
  readonly vx: number;
  readonly vy: number;
}

interface Sample {
  t: number;
  x: number;
  y: number;
}

/** Only this much pointer history counts towards the release velocity. */
const WINDOW_MS = 100;
/** Releases slower than this (px/ms) do not glide. */
export const MIN_GLIDE_SPEED = 0.05;
/** Releases faster than this (px/ms) are capped, so a flick cannot throw the map across the room. */
export const MAX_GLIDE_SPEED = 4;
/** Time constant of the exponential decay in ms (about the feel of iOS scroll views). */
export const GLIDE_TIME_CONSTANT = 325;

/** Estimates a pointer's velocity from its recent positions. */
export class VelocityTracker {
  #samples: Sample[] = [];

  reset(): void {
    this.#samples = [];
  }

  add(t: number, x: number, y: number): void {
    this.#samples.push({ t, x, y });
    while (this.#samples.length > 2 && t - this.#samples[0]!.t > WINDOW_MS) this.#samples.shift();
  }

  /** Velocity in px/ms at time `now`; zero when the pointer rested before release. */
  velocity(now: number): Velocity {
    const s = this.#samples;
    const last = s[s.length - 1];
    const first = s[0];
    if (!last || !first || last === first) return { vx: 0, vy: 0 };
    if (now - last.t > WINDOW_MS / 2) return { vx: 0, vy: 0 };
    const dt = last.t - first.t;
    if (dt <= 0) return { vx: 0, vy: 0 };
    return capVelocity({ vx: (last.x - first.x) / dt, vy: (last.y - first.y) / dt });
  }
}

/** Limits a velocity's speed to MAX_GLIDE_SPEED, keeping its direction. */
export function capVelocity(v: Velocity, max = MAX_GLIDE_SPEED): Velocity {
  const speed = Math.hypot(v.vx, v.vy);
  if (!(speed > max)) return v;
  return { vx: (v.vx / speed) * max, vy: (v.vy / speed) * max };
}

/** True when a release velocity is worth gliding. */
export function shouldGlide(v: Velocity): boolean {
  return Math.hypot(v.vx, v.vy) >= MIN_GLIDE_SPEED;
}

/** Distance travelled `elapsed` ms after release with initial velocity v (px). */
export function glideOffset(v: Velocity, elapsed: number, tau = GLIDE_TIME_CONSTANT): { dx: number; dy: number } {
  const k = tau * (1 - Math.exp(-Math.max(0, elapsed) / tau));
  return { dx: v.vx * k, dy: v.vy * k };
}

/** Total distance of a glide (the limit of glideOffset as time goes on). */
export function glideDistance(v: Velocity, tau = GLIDE_TIME_CONSTANT): { dx: number; dy: number } {
  return { dx: v.vx * tau, dy: v.vy * tau };
}

/** How long a glide lasts until its remaining movement is under half a pixel. */
export function glideDuration(v: Velocity, tau = GLIDE_TIME_CONSTANT): number {
  const total = Math.hypot(v.vx, v.vy) * tau;
  if (total <= 0.5) return 0;
  return tau * Math.log(total / 0.5);
}
