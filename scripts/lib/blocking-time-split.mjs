// Where Lighthouse's total blocking time comes from, task by task, as its own simulation counts it.
//
// Lighthouse does not measure blocking time: Lantern replays the main thread's tasks from the trace,
// each one 4 times longer (2 times for a task that lays out), after the simulated first paint, and sums
// what each lasts past 50 ms. That first paint is simulated from a graph that keeps only the first
// parse, first layout and first paint tasks, so every other task before the real first paint (the
// navigation's commit above all) can count. The figure is TBT = ½ optimistic + ½ pessimistic
// simulation; this module records both as Lantern runs them and splits the sum by the kind of task, so
// that a page's figure says whether the page's own work or the browser's counted.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const { TotalBlockingTime, TBTUtils } = Lantern.Metrics;

/** The kinds a task is sorted into, in the order they are printed. */
export const TASK_KINDS = {
  commit: 'navigation commit',
  parse: 'HTML parsing',
  rendering: 'style, layout, paint',
  script: 'scripts',
  other: 'other',
};

const SCRIPT_EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'v8.evaluateModule']);
const RENDERING_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint']);

/**
 * The navigation's commit (the new document, its window and script context, the body received so far
 * handed to the parser) is the browser's; a task that parses is the HTML's, inline scripts included;
 * otherwise whichever of scripts or rendering took longer inside the task.
 */
function kindOf(cpuNode) {
  const events = cpuNode.childEvents;
  if (events.some((e) => e.name === 'CommitLoad' || e.name === 'DocumentLoader::CommitNavigation')) return 'commit';
  if (events.some((e) => e.name === 'ParseHTML')) return 'parse';
  const time = (names) => events.filter((e) => names.has(e.name)).reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const script = time(SCRIPT_EVENTS);
  const rendering = time(RENDERING_EVENTS);
  if (!script && !rendering) return 'other';
  return script >= rendering ? 'script' : 'rendering';
}

let recorded = [];
const estimate = TotalBlockingTime.getEstimateFromSimulation;
// Lighthouse's TBT class extends Lantern's without redefining this step, so wrapping it here sees both
// simulations with the first paint and « interactive » times they are clipped to.
TotalBlockingTime.getEstimateFromSimulation = function recordSimulation(simulation, extras) {
  const result = estimate.call(this, simulation, extras);
  recorded.push({
    optimistic: extras.optimistic,
    fcp: extras.optimistic ? extras.fcpResult.pessimisticEstimate.timeInMs : extras.fcpResult.optimisticEstimate.timeInMs,
    interactive: extras.optimistic
      ? extras.interactiveResult.optimisticEstimate.timeInMs
      : extras.interactiveResult.pessimisticEstimate.timeInMs,
    nodeTimings: simulation.nodeTimings,
  });
  return result;
};

/** Forgets what was recorded: call before each audit. */
export function startRecording() {
  recorded = [];
}

/**
 * The last audit's blocking time split by kind of task, in ms ({ commit, parse, … }), summing to
 * Lighthouse's figure; null when the audit computed no blocking time.
 */
export function blockingTimeSplit() {
  const last = (optimistic) => recorded.findLast((r) => r.optimistic === optimistic);
  const simulations = [last(true), last(false)];
  if (simulations.some((s) => !s)) return null;
  const split = Object.fromEntries(Object.keys(TASK_KINDS).map((kind) => [kind, 0]));
  for (const { fcp, interactive, nodeTimings } of simulations) {
    if (interactive <= fcp) continue;
    for (const [node, timing] of nodeTimings) {
      if (node.type !== 'cpu') continue;
      const impact = TBTUtils.calculateTbtImpactForEvent(
        { start: timing.startTime, end: timing.endTime, duration: timing.duration },
        fcp,
        interactive,
      );
      split[kindOf(node)] += impact / 2;
    }
  }
  return split;
}
