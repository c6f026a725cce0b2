/**
 * Run in the page (Playwright's `waitForFunction`), so it refers to nothing outside itself: true once
 * every island a visitor would find working by now has hydrated. Those hydrated at load, when idle or
 * rendered on the client only; those hydrated on sight when their content is on screen (one further
 * down waits for the visitor to scroll to it, as it should); those hydrated when reached for
 * (`client:touch`, site/src/directives/touch.ts) once something started them. `client:media` islands
 * are not waited for. One definition for the browser tests and the benches.
 */
export function islandsSettled() {
  return [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
    const client = island.getAttribute('client');
    if (client === 'touch') return !island.hasAttribute('data-touched');
    if (client !== 'visible') return client !== 'load' && client !== 'idle' && client !== 'only';
    return ![...island.children].some((child) => {
      const box = child.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    });
  });
}
