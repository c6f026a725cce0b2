// Sections fade in once when they first enter the viewport (spec: about page animations).
// Animation only adds motion: the content is visible in the HTML, and this module, the one that
// reveals, is also the one that hides, and only sections still below the screen when it runs.
// Without JavaScript, with slow or failing scripts, every section stays visible.
const targets = document.querySelectorAll<HTMLElement>('.reveal');
const moving = window.matchMedia('(prefers-reduced-motion: no-preference)').matches;
// A section far from the screen is not laid out yet (`.render-near-view`, content-visibility: auto):
// what it holds has no box of its own, so where it stands is where its section stands. Otherwise the
// observer's own reading of the box is used: no layout forced.
const topOf = (entry: IntersectionObserverEntry) =>
  entry.target.checkVisibility?.({ contentVisibilityAuto: true }) === false
    ? (entry.target.closest('.render-near-view') ?? entry.target).getBoundingClientRect().top
    : entry.boundingClientRect.top;
if ('IntersectionObserver' in window && targets.length && moving) {
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver((entries) => {
    // Every position is read before any class is set: a class set between two readings would make
    // the next one lay the page out again, once per section (long tasks on a busy phone).
    const below = new Set(
      entries.filter((entry) => !seen.has(entry.target) && !entry.isIntersecting && topOf(entry) >= window.innerHeight),
    );
    for (const entry of entries) {
      const el = entry.target;
      if (!seen.has(el)) {
        seen.add(el);
        // Already on screen (or above it) when the script ran: leave it as it is.
        if (below.has(entry)) el.classList.add('reveal-pending');
        else observer.unobserve(el);
        continue;
      }
      if (entry.isIntersecting) {
        el.classList.remove('reveal-pending');
        observer.unobserve(el);
      }
    }
  });
  targets.forEach((el) => observer.observe(el));
}
