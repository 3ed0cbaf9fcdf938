/**
 * The Directions panel (loaded on demand by ./hook.ts): From and To pickers, Swap, a step-free
 * toggle and Go; the route drawn floor by floor with its step list (each step shows its floor);
 * `?from=&to=` written back to the address bar; a fixed "You are here" start for kiosks.
 */
import { buildNetwork } from '../../map-core/wayfinding/network';
import { planRoute, type RoutePlan } from '../../map-core/wayfinding/route';
import { describeRoute, type RouteDescription } from '../../map-core/wayfinding/steps';
import { replaceDirectionsParams } from '../deep-link';
import { h, icon } from '../dom';
import { PlacePicker, type PickerOption } from './combobox';
import { DIRECTIONS_CSS } from './directions-css';
import { RouteOverlay } from './overlay';
import type { DirectionsHost, DirectionsPanel, DirectionsRequest } from './types';

/** Pause between one floor's segment and the next, in ms. */
const FLOOR_PAUSE_MS = 700;

export function createDirectionsPanel(
  host: DirectionsHost,
  request: DirectionsRequest,
  toggle: HTMLButtonElement,
): DirectionsPanel {
  const { model } = host;
  const s = model.settings;
  const wf = s.wayfinding;
  const net = buildNetwork(model.doc);
  const floorName = (id: string | null) => (id ? (model.layers.find((l) => l.id === id)?.name ?? id) : 'All floors');
  const places: PickerOption[] = model.locations
    .filter((l) => net.targets.has(l.id) && !l.source.disable)
    .map((l) => ({ id: l.id, label: l.title || l.id, hint: model.layers.length > 1 ? floorName(l.layer) : '' }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const titleOf = (id: string) => model.byId.get(id)?.title || id;
  const fixed = request.fixedFrom && net.targets.has(request.fixedFrom) ? request.fixedFrom : null;

  let plan: RoutePlan | null = null;
  let text: RouteDescription | null = null;
  let shown = -1;
  let playToken = 0;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;

  const from = new PlacePicker(s.text.from, places, () => undefined);
  const to = new PlacePicker(s.text.to, places, () => undefined);
  const here = fixed
    ? h(
        'p',
        { class: 'mn-dir-here' },
        h('span', { class: 'mn-dir-label' }, s.text.from),
        h('strong', null, `You are here: ${titleOf(fixed)}`),
      )
    : null;
  const swap = fixed
    ? null
    : h(
        'button',
        {
          type: 'button',
          class: 'mn-icon-button mn-dir-swap',
          'aria-label': 'Swap start and destination',
          title: 'Swap',
        },
        icon('swap', 16),
      );
  const stepFree = h('input', { type: 'checkbox', class: 'mn-dir-stepfree' });
  const stepFreeField = wf.accessibleToggle ? h('label', { class: 'mn-dir-check' }, stepFree, 'Step-free route') : null;
  const goButton = h('button', { type: 'submit', class: 'mn-primary-button mn-dir-go' }, s.text.go);
  const status = h('p', { class: 'mn-dir-status', role: 'status', 'aria-live': 'polite' });
  const steps = h('ol', { class: 'mn-dir-steps', 'aria-label': 'Steps', hidden: true });
  const close = h(
    'button',
    { type: 'button', class: 'mn-icon-button mn-dir-close', 'aria-label': 'Close directions' },
    icon('close', 16),
  );
  // On a phone the form folds away once a route is shown, so the map stays visible; this brings it back.
  const change = h('button', { type: 'button', class: 'mn-link-button mn-dir-change' }, 'Change route');
  const form = h(
    'form',
    { class: 'mn-dir-form' },
    here ?? from.el,
    swap,
    to.el,
    h('div', { class: 'mn-dir-row' }, stepFreeField, goButton),
  );
  const panel = h(
    'section',
    { class: 'mn-directions', 'aria-label': 'Directions', hidden: true },
    h('div', { class: 'mn-dir-head' }, h('h2', null, 'Directions'), close),
    form,
    status,
    change,
    steps,
  );
  const style = h('style', null, DIRECTIONS_CSS);
  host.root.append(style);
  toggle.after(panel);
  toggle.setAttribute(
    'aria-controls',
    (panel.id = `${toggle.id || 'mn'}-directions-${Math.random().toString(36).slice(2, 8)}`),
  );

  const overlay = new RouteOverlay(host.viewport, host.view, model.image, {
    color: wf.lineColor ?? s.primaryColor,
    width: wf.lineWidth,
    speed: host.reducedMotion ? 0 : wf.speed,
    smoothing: wf.smoothing,
  });

  if (!fixed) from.set(request.from && net.targets.has(request.from) ? request.from : null);
  to.set(request.to && net.targets.has(request.to) ? request.to : null);

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };

  const stop = () => {
    playToken++;
    clearTimeout(pauseTimer);
  };

  const fit = (i: number) => {
    const seg = plan!.segments[i]!;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const [x, y] of seg.points) {
      minX = Math.min(minX, x * model.image.width);
      maxX = Math.max(maxX, x * model.image.width);
      minY = Math.min(minY, y * model.image.height);
      maxY = Math.max(maxY, y * model.image.height);
    }
    // Some room around short segments, so the fit does not zoom into a single corridor.
    const pad = Math.max(40, 0.08 * Math.max(model.image.width, model.image.height));
    const rect = { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
    // Keep the route clear of the open panel: widen the framed area on the panel's side by its share of the map.
    const vp = host.viewport.getBoundingClientRect();
    const p = panel.hidden ? null : panel.getBoundingClientRect();
    if (p && vp.width > p.width * 1.5) {
      const extra = (rect.maxX - rect.minX) * (p.width / (vp.width - p.width));
      if (p.left + p.width / 2 < vp.left + vp.width / 2) rect.minX -= extra;
      else rect.maxX += extra;
    } else if (p && vp.height > (p.bottom - vp.top) * 1.5) {
      // A phone: the panel spans the map's width at the top, so leave room above the route instead.
      const covered = Math.max(0, p.bottom - vp.top);
      rect.minY -= (rect.maxY - rect.minY) * (covered / (vp.height - covered));
    }
    host.view.focusRect(rect, !host.reducedMotion);
  };

  const markSteps = (i: number) => {
    for (const b of steps.querySelectorAll<HTMLElement>('button')) {
      if (Number(b.dataset.segment) === i) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  };

  const showSegment = (i: number, animate: boolean, done?: () => void) => {
    if (!plan) return;
    const seg = plan.segments[i]!;
    shown = i;
    if (host.layer() !== seg.layer) host.showLayer(seg.layer);
    fit(i);
    markSteps(i);
    overlay.show(seg, { animate, origin: i === 0, destination: i === plan.segments.length - 1 }, done);
  };

  const play = (i: number, token: number) => {
    if (token !== playToken || !plan) return;
    showSegment(i, true, () => {
      if (token !== playToken || !plan || i + 1 >= plan.segments.length) return;
      pauseTimer = setTimeout(() => play(i + 1, token), FLOOR_PAUSE_MS);
    });
  };

  const clearRoute = () => {
    panel.classList.remove('mn-dir-routed');
    stop();
    plan = null;
    text = null;
    shown = -1;
    overlay.clear();
    steps.hidden = true;
    steps.replaceChildren();
  };

  const renderSteps = (d: RouteDescription) => {
    steps.replaceChildren(
      ...d.steps.map((step, n) => {
        const b = h(
          'button',
          { type: 'button', class: 'mn-dir-step', 'data-segment': String(step.segment) },
          h('span', { class: 'mn-dir-step-n', 'aria-hidden': 'true' }, String(n + 1)),
          h('span', null, step.text),
          model.layers.length > 1 && h('span', { class: 'mn-dir-hint' }, floorName(step.layer)),
        );
        b.addEventListener('click', () => {
          stop();
          showSegment(step.segment, false);
        });
        return h('li', null, b);
      }),
    );
    steps.hidden = false;
  };

  const go = () => {
    const a = fixed ?? from.value;
    const b = to.value;
    clearRoute();
    if (!a) {
      status.textContent = 'Choose where you start.';
      if (!fixed) from.input.focus();
      return;
    }
    if (!b) {
      status.textContent = 'Choose your destination.';
      to.input.focus();
      return;
    }
    if (a === b) {
      status.textContent = `You are already at ${titleOf(b)}.`;
      return;
    }
    const free = stepFree.checked;
    plan = planRoute(net, a, b, { stepFree: free });
    host.emit('routeRequested', { mapId: host.mapId, from: a, to: b, stepFree: free, found: plan !== null });
    if (host.deepLinking && !fixed) replaceDirectionsParams(a, b);
    if (!plan) {
      status.textContent = free
        ? `No step-free route from ${titleOf(a)} to ${titleOf(b)}.`
        : `No route from ${titleOf(a)} to ${titleOf(b)}.`;
      return;
    }
    text = describeRoute(plan, model.doc, titleOf(a), titleOf(b));
    status.textContent = text.summary;
    const hadFocus = panel.contains((panel.getRootNode() as Document | ShadowRoot).activeElement);
    panel.classList.add('mn-dir-routed');
    // The form folded away (a phone): keep keyboard focus in the panel.
    if (hadFocus && !form.offsetParent) change.focus({ preventScroll: true });
    renderSteps(text);
    play(0, ++playToken);
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go();
  });
  swap?.addEventListener('click', () => {
    const a = from.value;
    from.set(to.value);
    to.set(a);
    if (plan) go();
  });
  change.addEventListener('click', () => {
    panel.classList.remove('mn-dir-routed');
    (fixed ? to.input : from.input).focus();
  });
  stepFree.addEventListener('change', () => {
    if (plan || text) go();
  });
  close.addEventListener('click', () => {
    clearRoute();
    status.textContent = '';
    setOpen(false);
    toggle.focus();
  });
  panel.addEventListener('keydown', (e) => {
    // Escape in a picker closes its list first (the picker stops the event); here it closes the panel.
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close.click();
  });

  const firstField = () => (fixed ? to.input : from.value ? to.input : from.input);

  return {
    open(focus) {
      setOpen(true);
      if (focus) firstField().focus();
    },
    toggle() {
      if (panel.hidden) {
        setOpen(true);
        firstField().focus();
      } else close.click();
    },
    go,
    routeTo(id) {
      setOpen(true);
      to.set(id);
      if (fixed ?? from.value) go();
      else {
        status.textContent = 'Choose where you start.';
        from.input.focus();
      }
    },
    layerShown(id) {
      if (!plan || plan.segments[shown]?.layer === id) return;
      // The visitor changed floor: show this floor's part of the route, if it has one.
      const i = plan.segments.findIndex((seg) => seg.layer === id);
      stop();
      if (i >= 0) {
        shown = i;
        markSteps(i);
        overlay.show(plan.segments[i]!, {
          animate: false,
          origin: i === 0,
          destination: i === plan.segments.length - 1,
        });
      } else overlay.clear();
    },
    destroy() {
      stop();
      overlay.destroy();
      panel.remove();
      style.remove();
    },
  };
}
